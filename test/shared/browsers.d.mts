export type BrowserName = 'chromium' | 'webkit' | 'firefox';
export interface Need {
  what: string;
  file?: string;
  command?: string;
  debian: string;
}
export declare const DEBIAN_CHROMIUM: string;
export declare const MINIBROWSER: string;
export declare const FIREFOX: string;
export declare const BROWSERS: Record<BrowserName, { name: string; needs: Need[]; elsewhere: string }>;
export declare function missingFor(browser: BrowserName, options?: { playwrightChromium?: string }): Need[];
export declare function available(browser: BrowserName, options?: { playwrightChromium?: string }): boolean;
export declare function inCI(): boolean;
export declare function missingLine(browser: BrowserName, missing: Need[]): string;
