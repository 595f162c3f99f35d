import type { TestProject } from 'vitest/node';
import { compileServer, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the whole e2e run; files that need other settings start their own. */
export default async function setup(project: TestProject) {
  // From the sources as they are now: every file's servers run this build.
  compileServer();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
