export declare const GRANDFATHERED: Record<string, string>;
export declare function destructiveStatements(sql: string): string[];
export declare function migrationsThatRemove(folder?: string): Array<{ name: string; statements: string[] }>;
