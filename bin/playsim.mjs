#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx playsim` works without a build step. tsx's CommonJS hooks as well as
// its ES module hooks: a user's .ts module outside a "type": "module" package loads as CommonJS.
import { register as registerCommonJs } from 'tsx/cjs/api';
import { register } from 'tsx/esm/api';

register();
registerCommonJs();
await import('../src/cli/main.ts');
