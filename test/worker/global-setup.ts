import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startLegacyOrigin } from './stand-in/legacy-origin';

declare module 'vitest' {
  export interface ProvidedContext {
    standInUrl: string;
    refusedUrl: string;
  }
}

/** A port that was free a moment ago and has nothing listening: connections to it are refused. */
function refusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 1;
      probe.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const { server, url } = await startLegacyOrigin();
  project.provide('standInUrl', url);
  project.provide('refusedUrl', `http://127.0.0.1:${await refusedPort()}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
