import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { importDefault, isModulePath, placeInModule } from '../../src/core/user-module.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

/** An error whose stack is the message line and these frames. */
function thrownWith(...frames: string[]): Error {
  const error = new Error('boom');
  error.stack = ['Error: boom at /home/u/s/s.mjs:1:1', ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

describe('placeInModule', () => {
  it("finds the module's own line in ESM and CommonJS frames, whatever the path holds", () => {
    expect(placeInModule(thrownWith('choose (file:///home/u/my%20strats/s.mjs:12:5)'), '/home/u/my strats/s.mjs')).toBe('/home/u/my strats/s.mjs:12:5');
    expect(placeInModule(thrownWith('choose (file:///home/u/%23one/s.mjs:3:9)'), '/home/u/#one/s.mjs')).toBe('/home/u/#one/s.mjs:3:9');
    expect(placeInModule(thrownWith('Object.choose (/home/u/my strats (copy)/s.ts:7:2)'), '/home/u/my strats (copy)/s.ts')).toBe('/home/u/my strats (copy)/s.ts:7:2');
    expect(placeInModule(thrownWith('/home/u/100%/s.ts:4:1'), '/home/u/100%/s.ts')).toBe('/home/u/100%/s.ts:4:1');
    expect(placeInModule(thrownWith('choose (file:///home/u/s/s.mjs:112:15)'), '/home/u/s/s.mjs')).toBe('/home/u/s/s.mjs:112:15');
  });

  it('reads past frames that name no file', () => {
    const stack = thrownWith('new Promise (<anonymous>)', 'Array.map (native)', 'choose (file:///home/u/s/s.mjs:9:1)');
    expect(placeInModule(stack, '/home/u/s/s.mjs')).toBe('/home/u/s/s.mjs:9:1');
  });

  it('prefers the module to a helper beside it, and takes the helper when the module is not on the stack', () => {
    const stack = thrownWith('helper (file:///home/u/s/lib.mjs:2:3)', 'choose (file:///home/u/s/s.mjs:9:1)');
    expect(placeInModule(stack, '/home/u/s/s.mjs')).toBe('/home/u/s/s.mjs:9:1');
    expect(placeInModule(thrownWith('helper (file:///home/u/s/lib.mjs:2:3)', 'run (file:///opt/playsim/x.mjs:1:1)'), '/home/u/s/s.mjs')).toBe('/home/u/s/lib.mjs:2:3');
  });

  it('names no place outside the module folder: a sibling folder, the worker bundle, the message line', () => {
    expect(placeInModule(thrownWith('helper (file:///home/u/s2/lib.mjs:2:3)'), '/home/u/s/s.mjs')).toBeNull();
    expect(placeInModule(thrownWith('engine (file:///tmp/playsim-worker-ab12/worker.mjs:877:29)'), '/tmp/s.mjs')).toBeNull();
    expect(placeInModule(thrownWith(), '/home/u/s/s.mjs')).toBeNull();
    expect(placeInModule('not an error', '/home/u/s/s.mjs')).toBeNull();
  });
});

describe('isModulePath', () => {
  it('takes a .js, .mjs or .ts file for a module and anything else for a name', () => {
    expect(['s.js', 'dir/s.mjs', './s.ts', 'greedy', 's.ts.bak', 's.json'].map(isModulePath)).toEqual([true, true, true, false, false, false]);
  });
});

describe('importDefault', () => {
  const dir = tempDir('playsim-import-');
  const module = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const named = (where: string) => (problem: string) => new InputError(`${where}: ${problem}`);

  it("gives a module's default export", async () => {
    await expect(importDefault(module('ok.mjs', 'export default { answer: 42 };\n'), named('test'))).resolves.toEqual({ answer: 42 });
  });

  it('refuses a module that cannot load as bad input, in one line, with the line a first line only announces', async () => {
    const missing = join(dir, 'none.mjs');
    await expect(importDefault(missing, named('--strategy none.mjs'))).rejects.toThrow(new RegExp(`^--strategy none\\.mjs: cannot load module ${missing}: Cannot find module`));
    const announced = module('announces.mjs', 'throw new Error("Transform failed with 1 error:\\n  s.ts:1:5: the reason\\n  more");\n');
    const error = (await importDefault(announced, named('test')).catch((thrown: Error) => thrown)) as Error;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(`test: cannot load module ${announced}: Transform failed with 1 error: s.ts:1:5: the reason`);
    const plain = module('plain.mjs', 'throw new Error("first\\nsecond");\n');
    await expect(importDefault(plain, named('test'))).rejects.toThrow(new InputError(`test: cannot load module ${plain}: first`));
  });
});
