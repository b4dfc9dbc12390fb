import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, loadGame } from '../../src/games/registry.ts';
import { InputError } from '../../src/core/errors.ts';
import { REPOSITORY_ROOT, loadContent } from '../../src/sim/content.ts';
import { resolveSettings } from '../../src/sim/settings.ts';
import { tempDir } from '../fixtures/temp-dir.ts';

/** A user's content file with a misspelt field must not load as if the field were absent (it changes the results). */
describe('content files', () => {
  const dir = tempDir('playsim-content-');

  it.each(GAME_IDS)('%s refuses a key its schema does not know, naming it', async (id) => {
    const game = await loadGame(id);
    const shipped = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, game.content.defaultFile), 'utf8')) as Record<string, unknown>;
    const file = join(dir, `${id}.json`);
    writeFileSync(file, JSON.stringify({ ...shipped, descripton: 'typo' }));
    expect(() => loadContent(game, file)).toThrow(/field \(root\): Unrecognized key: "descripton"/);
  });

  it('fingerprints the content read, not the file: spacing and line ends aside, one card changed changes it', async () => {
    const kyros = await loadGame('kyros');
    const shippedText = readFileSync(resolve(REPOSITORY_ROOT, kyros.content.defaultFile), 'utf8');
    const shipped = JSON.parse(shippedText) as { heroes: { name: string }[] };
    const [spaced, windows, renamed] = ['spaced.json', 'windows.json', 'renamed.json'].map((name) => join(dir, name));
    writeFileSync(spaced, JSON.stringify(shipped, null, 4));
    writeFileSync(windows, shippedText.replace(/\n/g, '\r\n'));
    writeFileSync(renamed, JSON.stringify({ ...shipped, heroes: shipped.heroes.map((hero, index) => (index === 0 ? { ...hero, name: `${hero.name}!` } : hero)) }));
    const [original, ...others] = [undefined, spaced, windows, renamed].map((file) => loadContent(kyros, file).sha256);
    expect(original).toMatch(/^[0-9a-f]{64}$/);
    expect(others).toEqual([original, original, expect.not.stringMatching(original)]);
  });

  it('refuses an empty --content (an unset variable) rather than reading the working directory', async () => {
    const necreaux = await loadGame('necreaux');
    expect(() => loadContent(necreaux, '')).toThrow(/^--content is empty: give a necreaux content file, or leave --content out for the shipped one$/);
    expect(() => loadContent(necreaux, '  ')).toThrow(/^--content is empty: /);
  });

  it('refuses a content file that is no object, or names no game, by its schema', async () => {
    const kyros = await loadGame('kyros');
    const [nothing, gameless] = ['null.json', 'gameless.json'].map((name) => join(dir, name));
    writeFileSync(nothing, 'null');
    writeFileSync(gameless, '{}');
    expect(() => loadContent(kyros, nothing)).toThrow(new InputError(`${nothing}: field (root): Invalid input: expected object, received null`));
    expect(() => loadContent(kyros, gameless)).toThrow(new InputError(`${gameless}: field game: expected "kyros", got nothing`));
  });

  it.each(GAME_IDS)("%s refuses another game's content file for its game field, not for its first unknown key", async (id) => {
    const game = await loadGame(id);
    const other = GAME_IDS.find((candidate) => candidate !== id)!;
    const otherFile = resolve(REPOSITORY_ROOT, (await loadGame(other)).content.defaultFile);
    expect(() => loadContent(game, otherFile)).toThrow(`field game: "${other}": a content file of another game; expected a ${id} content file (field game: "${id}")`);
  });

  it('refuses a misspelt field inside a card (a Necreaux keyword)', async () => {
    const game = await loadGame('necreaux');
    const shipped = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, game.content.defaultFile), 'utf8')) as { adventure: { keywords?: unknown; keywrds?: unknown }[] };
    shipped.adventure[0].keywrds = shipped.adventure[0].keywords;
    delete shipped.adventure[0].keywords;
    const file = join(dir, 'necreaux-card.json');
    writeFileSync(file, JSON.stringify(shipped));
    expect(() => loadContent(game, file)).toThrow('field adventure[0] (Guard Dog): Unrecognized key: "keywrds"');
  });

  /** The shipped content of a game, to be changed by a test and written back as a user's file. */
  async function shippedContent(id: string) {
    const game = await loadGame(id);
    const content = JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, game.content.defaultFile), 'utf8'));
    const write = (name: string, text = JSON.stringify(content)) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    };
    return { game, content, write };
  }

  it('reports a misspelt field as the unknown key, not as the missing one, and names the card', async () => {
    const { game, content, write } = await shippedContent('setawatch');
    const drake = content.creatures.findIndex((card: { name: string }) => card.name === 'Ember Drake');
    content.creatures[drake].helth = content.creatures[drake].health;
    delete content.creatures[drake].health;
    expect(() => loadContent(game, write('helth.json'))).toThrow(new RegExp(`field creatures\\[${drake}\\] \\(Ember Drake\\): Unrecognized key: "helth"`));
  });

  it.each(['setawatch', 'doomedrun'])("refuses runes on a %s location, which every location's back shows all three of", async (id) => {
    // The engine offers the runes of the map deck's back, the same on every card: a location's own list did nothing.
    const { game, content, write } = await shippedContent(id);
    content.locations[0].runes = ['seal'];
    expect(() => loadContent(game, write('runes.json'))).toThrow(`field locations[0] (${content.locations[0].name}): Unrecognized key: "runes"`);
  });

  it('reports a misspelt field of a Necreaux ability effect as the unknown key, whichever list its op is from', async () => {
    const { game, content, write } = await shippedContent('necreaux');
    const card = content.adventure.findIndex((entry: { abilities?: { effect: { op: string } }[] }) => entry.abilities?.[0]?.effect.op === 'rollBonus');
    const effect = content.adventure[card].abilities[0].effect;
    effect.amont = effect.amount;
    delete effect.amount;
    expect(() => loadContent(game, write('amont.json'))).toThrow(`field adventure[${card}] (${content.adventure[card].name}).abilities[0].effect: Unrecognized key: "amont"`);
  });

  it('lists what a union field allows (a die is 6 or 8; a fire modifier a number or "halve")', async () => {
    const { game, content, write } = await shippedContent('setawatch');
    content.adventurers[0].die = 12;
    expect(() => loadContent(game, write('d12.json'))).toThrow('field adventurers[0] (Beast Master).die: expected 6 or 8, got 12');
    content.adventurers[0].die = 6;
    content.locations[0].fire = 'lots';
    expect(() => loadContent(game, write('fire.json'))).toThrow(/field locations\[0\] \([^)]+\)\.fire: expected a number or "halve", got "lots"/);
  });

  it('gives a JSON syntax error its line and column, or the text around it on one line', async () => {
    const { game, write } = await shippedContent('setawatch');
    expect(() => loadContent(game, write('syntax.json', '{\n  "game": "setawatch",\n  creatures: []\n}'))).toThrow(/Expected double-quoted property name at line 3, column 3/);
    expect(() => loadContent(game, write('extra.json', '{\n  "game": "setawatch"\n}}'))).toThrow(/Unexpected non-whitespace character after the JSON value at line 3, column 2/);
    expect(() => loadContent(game, write('comma.json', '{\n  "creatures": [\n    1,\n  ]\n}'))).toThrow(/cannot read content file as JSON: Unexpected token '\]', .*1, \]/);
  });

  it('refuses a key given twice in one object (JSON.parse would keep the last), naming it and its line', async () => {
    const { game, write } = await shippedContent('setawatch');
    expect(() => loadContent(game, write('twice.json', '{\n  "game": "setawatch",\n  "game": "setawatch"\n}'))).toThrow(
      /cannot read content file as JSON: duplicate key "game" at line 3, column 3$/,
    );
  });

  it('refuses bytes that are not UTF-8 text, naming the line', async () => {
    const { game } = await shippedContent('setawatch');
    const file = join(dir, 'latin1.json');
    writeFileSync(file, Buffer.concat([Buffer.from('{\n  "game": "setawatch",\n  "title": "caf'), Buffer.from([0xe9]), Buffer.from('"\n}')]));
    expect(() => loadContent(game, file)).toThrow(new InputError(`${file}: cannot read content file as JSON: not UTF-8 text at line 3`));
  });

  it('refuses what is not a regular file (a device such as /dev/zero would be read forever)', async () => {
    const { game } = await shippedContent('setawatch');
    expect(() => loadContent(game, '/dev/zero')).toThrow(new InputError('/dev/zero: cannot read content file as JSON: not a file'));
  });

  it.each(['setawatch', 'doomedrun'])('%s refuses a creature type no creature has (it would match nothing)', async (id) => {
    const { game, content, write } = await shippedContent(id);
    const index = content.abilities.findIndex((card: { modes: { target?: { types?: string[] } }[][] }) => card.modes[0][0].target?.types !== undefined);
    content.abilities[index].modes[0][0].target.types[0] = 'Forest Creatre';
    const name = content.abilities[index].name;
    expect(() => loadContent(game, write(`${id}-type.json`))).toThrow(`field abilities[${index}] (${name}).modes[0][0].target.types[0]: "Forest Creatre" is no creature's type`);
  });

  it('refuses Necreaux content without its two special cards (one line, not a crash)', async () => {
    const { game, content, write } = await shippedContent('necreaux');
    content.specials.pop();
    expect(() => loadContent(game, write('one-special.json'))).toThrow(InputError);
    expect(() => loadContent(game, write('one-special.json'))).toThrow(/field specials: Too small: expected array to have exactly 2 items/);
  });

  it('refuses a Necreaux caches setting the content has too few secret caches for', async () => {
    const { game, content, write } = await shippedContent('necreaux');
    content.caches = content.caches.slice(0, 1);
    const loaded = loadContent(game, write('one-cache.json')).content;
    expect(() => game.createEngine(resolveSettings(game, { caches: 'upper' }, 'test'), loaded, null)).not.toThrow();
    expect(() => game.createEngine(resolveSettings(game, { caches: 'both' }, 'test'), loaded, null)).toThrow('the caches the settings ask for (both, from "caches" or "level") need 2 secret caches; the content has 1');
    expect(() => game.createEngine(resolveSettings(game, { level: 'intro' }, 'test'), loaded, null)).toThrow(/need 2 secret caches; the content has 1/);
  });
});
