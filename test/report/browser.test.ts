import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../../src/report/write.ts';
import { loadResults, type FixtureName } from './fixtures.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What a reader's browser shows of report.html: problems it logged, requests it made, and the marks per chart. */
async function openReport(browser: Browser, reportPath: string, viewport?: { width: number; height: number }) {
  const page = await browser.newPage(viewport === undefined ? {} : { viewport });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(reportPath).href);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.chart')].every((chart) => chart.querySelector('svg, canvas') !== null || chart.textContent !== ''),
  );
  const charts = await page.$$eval('.chart', (containers) =>
    containers.map((chart) => ({
      id: chart.id,
      marks: chart.querySelectorAll('svg .role-mark > *, canvas').length,
      text: chart.textContent ?? '',
    })),
  );
  // How far the page is wider than the window: what a reader would scroll sideways to see.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.close();
  return { problems, requests, charts, overflow };
}

// Where Chromium is absent the browser test is skipped, except in CI (.ci/run sets CI=true), where that is a failure.
it.runIf(!existsSync(CHROMIUM) && process.env.CI === 'true')('finds Chromium, which CI installs for the browser test', () => {
  expect.fail(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
});

describe.skipIf(!existsSync(CHROMIUM))('report.html in headless Chromium', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'playsim-browser-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each<FixtureName>(['necreaux-speed', 'necreaux-single'])(
    'draws every chart of %s offline, without errors',
    async (name) => {
      const written = await writeReport(loadResults(name), join(dir, name));
      const report = await openReport(browser, written.find((path) => path.endsWith('report.html'))!);
      expect(report.problems).toEqual([]);
      expect(report.requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:'))).toEqual([]);
      expect(report.charts.length).toBeGreaterThan(0);
      expect(report.charts.filter((chart) => chart.marks === 0)).toEqual([]);
    },
    30_000,
  );

  it(
    'keeps a chart wider than the window within the page, scrolling it sideways in its own box as the tables are',
    async () => {
      const written = await writeReport(loadResults('necreaux-speed'), join(dir, 'narrow'));
      const report = await openReport(browser, written.find((path) => path.endsWith('report.html'))!, { width: 480, height: 900 });
      expect(report.problems).toEqual([]);
      expect(report.overflow).toBe(0);
    },
    30_000,
  );
});
