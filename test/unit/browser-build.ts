// The islands' code as the browser's build has it (client/build.d.ts): their masks and handlers are
// tried here. A global, not a define, so that a test can load the islands as the Worker's build has them.
(globalThis as { BROWSER_BUILD?: boolean }).BROWSER_BUILD = true;
