// Starts Tapwise once for the journeys that need no particular data (see tapwise-process.ts).
import type { TestProject } from 'vitest/node';
import { startTapwise } from './tapwise-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const tapwise = await startTapwise();
  project.provide('baseUrl', tapwise.baseUrl);
  return () => tapwise.stop();
}
