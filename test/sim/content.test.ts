import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, loadGame } from '../../src/games/registry.ts';
import { REPOSITORY_ROOT, loadContent } from '../../src/sim/content.ts';

/** A user's content file with a misspelt field must not load as if the field were absent (it changes the results). */
describe('content files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'playsim-content-'));

  it.each(GAME_IDS)('%s refuses a key its schema does not know, naming it', async (id) => {
    const game = await loadGame(id);
    const shipped = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, game.content.defaultFile), 'utf8')) as Record<string, unknown>;
    const file = join(dir, `${id}.json`);
    writeFileSync(file, JSON.stringify({ ...shipped, descripton: 'typo' }));
    expect(() => loadContent(game, file)).toThrow(/field \(root\): Unrecognized key: "descripton"/);
  });

  it('refuses a misspelt field inside a card (a Necreaux keyword)', async () => {
    const game = await loadGame('necreaux');
    const shipped = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, game.content.defaultFile), 'utf8')) as { adventure: { keywords?: unknown; keywrds?: unknown }[] };
    shipped.adventure[0].keywrds = shipped.adventure[0].keywords;
    delete shipped.adventure[0].keywords;
    const file = join(dir, 'necreaux-card.json');
    writeFileSync(file, JSON.stringify(shipped));
    expect(() => loadContent(game, file)).toThrow(/field adventure\[0\]: Unrecognized key: "keywrds"/);
  });
});
