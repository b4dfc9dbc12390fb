import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFile } from '../../src/sim/data-file.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

describe('readTextFile', () => {
  const dir = tempDir('playsim-data-file-');
  const fileOf = (name: string, ...parts: (string | number[])[]): string => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.concat(parts.map((part) => Buffer.from(part))));
    return path;
  };

  it('names the line of a byte that is not UTF-8 past blank lines, and on a last line without a newline', () => {
    expect(() => readTextFile(fileOf('blank-first.txt', '\n\ncaf', [0xe9], '\n'))).toThrow(new SyntaxError('not UTF-8 text at line 3'));
    expect(() => readTextFile(fileOf('last-line.txt', 'name: x\ncaf', [0xe9]))).toThrow(new SyntaxError('not UTF-8 text at line 2'));
  });

  it('reads UTF-8 text whole, many-byte characters included', () => {
    expect(readTextFile(fileOf('utf8.txt', 'café\n€ 5'))).toBe('café\n€ 5');
  });
});
