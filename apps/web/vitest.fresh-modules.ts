import { vi } from 'vitest';

// Setup for the component-test files that replace a module (vi.mock). They share a worker with other such files
// (isolate: false, vitest.config.ts), and each must import the app's modules anew, so that its own replacements
// apply and no other file's do: the module cache is emptied before the file's imports run.
vi.resetModules();
