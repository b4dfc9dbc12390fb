import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The Markdown a reader follows: the README, docs/ and each game's RULES.md. */
function markdownFiles(): string[] {
  const docs = readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => join('docs', name));
  const rules = readdirSync('src/games').map((game) => join('src/games', game, 'RULES.md')).filter((path) => existsSync(path));
  return ['README.md', 'reports/README.md', ...docs, ...rules];
}

/** The targets of a Markdown file's relative links and images, without their #anchors. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1].split('#')[0]).filter((target) => target !== '' && !/^[a-z]+:/.test(target));
}

describe('the documentation', () => {
  it('links only to files that exist', () => {
    const broken = markdownFiles().flatMap((file) => relativeLinks(readFileSync(file, 'utf8')).filter((target) => !existsSync(join(dirname(file), target))).map((target) => `${file} -> ${target}`));
    expect(broken).toEqual([]);
    expect(markdownFiles()).toContain('docs/writing-a-game.md');
  });

  it('reads a relative link, an image and an anchor, and leaves web addresses alone', () => {
    expect(relativeLinks('[a](docs/a.md) ![b](b.svg) [c](c.md#part) [d](https://x.org/y) [e](#here)')).toEqual(['docs/a.md', 'b.svg', 'c.md']);
  });
});
