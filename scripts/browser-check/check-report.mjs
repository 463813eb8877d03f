// Renders each report.html in headless Chromium, as a reader's browser would, and fails when the page
// does not read: a console error, a request that leaves the file (the report must be self-contained), a
// picture that did not load, a section missing, or anything wider than the window. Checked at a desktop
// and a laptop width, with scripts off, and as printed (A4 portrait). Usage, through scripts/check-report:
//   check-report.mjs [--screenshots DIR] RUN_FOLDER...
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const WIDTHS = [
  { name: 'desktop', width: 1920, height: 1080 },
  { name: 'laptop', width: 1366, height: 768 },
];
// A4 at 96 px per inch less Chromium's default print margins (0.4 in each side): what a PDF page holds.
const PRINT = { name: 'print', width: 717, height: 1046 };
const SECTIONS = ['What happened', 'Metrics', 'Charts', 'Configuration', 'Scenario source'];

const args = process.argv.slice(2);
let screenshots = null;
if (args[0] === '--screenshots') {
  screenshots = resolve(args[1]);
  args.splice(0, 2);
  mkdirSync(screenshots, { recursive: true });
}
if (args.length === 0) {
  console.error('usage: check-report [--screenshots DIR] RUN_FOLDER...  (each folder holds a report.html)');
  process.exit(2);
}

const missing = args.filter(folder => !existsSync(join(folder, 'report.html')));
if (missing.length > 0) {
  missing.forEach(folder => console.error(`${folder}: no report.html here: give a folder \`rebalance-sim run --out\` wrote`));
  process.exit(2);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
let failures = 0;
try {
  for (const folder of args) {
    const problems = await checkFolder(resolve(folder));
    for (const problem of problems) {
      console.error(`${join(folder, 'report.html')}: ${problem}`);
    }
    failures += problems.length;
    if (problems.length === 0) {
      console.log(`${join(folder, 'report.html')}: reads at ${[...WIDTHS, PRINT].map(w => w.name).join(', ')}`
        + ' and with scripts off');
    }
  }
} finally {
  await browser.close();
}
process.exit(failures === 0 ? 0 : 1);

async function checkFolder(folder) {
  const report = join(folder, 'report.html');
  const variants = variantNames(folder);
  const problems = [];
  for (const size of WIDTHS) {
    problems.push(...await checkPage(report, size, variants, { javaScript: true, print: false }));
  }
  problems.push(...await checkPage(report, WIDTHS[1], variants, { javaScript: false, print: false }));
  problems.push(...await checkPage(report, PRINT, variants, { javaScript: false, print: true }));
  return problems;
}

/** The variants the run wrote, so the check can ask for each one's story. */
function variantNames(folder) {
  const json = join(folder, 'result.json');
  if (!existsSync(json)) {
    return [];
  }
  const result = JSON.parse(readFileSync(json, 'utf8'));
  return (result.variants || []).map(v => v.name);
}

async function checkPage(report, size, variants, mode) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    javaScriptEnabled: mode.javaScript,
  });
  const page = await context.newPage();
  const where = `${size.name} ${size.width}px${mode.javaScript ? '' : ', scripts off'}`;
  const problems = [];
  page.on('console', message => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${where}: console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', error => problems.push(`${where}: script error: ${error.message}`));
  page.on('request', request => {
    const url = request.url();
    if (!url.startsWith('data:') && url !== pathToFileURL(report).href) {
      problems.push(`${where}: the report fetches ${url.slice(0, 120)}: it must be one self-contained file`);
    }
  });
  if (mode.print) {
    await page.emulateMedia({ media: 'print' });
  }
  await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
  const found = await page.evaluate(readPage);
  for (const section of SECTIONS) {
    if (!found.headings.includes(section)) {
      problems.push(`${where}: no "${section}" section`);
    }
  }
  for (const variant of variants) {
    if (!found.storyVariants.some(h => h.startsWith(`variant ${variant}:`) || h === `variant ${variant}`)) {
      problems.push(`${where}: "What happened" has no story for variant ${variant}`);
    }
  }
  if (found.images === 0) {
    problems.push(`${where}: no chart in the report`);
  }
  problems.push(...found.brokenImages.map(alt => `${where}: the chart "${alt}" did not load`));
  if (found.pageWidth > size.width) {
    problems.push(`${where}: the page is ${found.pageWidth}px wide, wider than the window`);
  }
  problems.push(...found.overflowing.map(what => `${where}: ${what} reaches past the right edge`));
  if (screenshots && !mode.print && mode.javaScript) {
    // The top of the page (the story) and the charts, as a reader first sees each.
    const stem = join(screenshots, `${basename(resolve(report, '..'))}-${size.name}`);
    await page.screenshot({ path: `${stem}.png` });
    await page.evaluate(() => [...document.querySelectorAll('h2')]
      .find(h => h.textContent.trim() === 'Charts')?.scrollIntoView());
    await page.screenshot({ path: `${stem}-charts.png` });
  }
  if (mode.print) {
    const pdf = await page.pdf({ format: 'A4' });
    if (pdf.length === 0) {
      problems.push(`${where}: printing to PDF gave nothing`);
    }
  }
  await context.close();
  return problems;
}

/** Runs in the page (scripts on or off: Playwright's evaluation does not depend on the page's own). */
function readPage() {
  const headings = [...document.querySelectorAll('h2')].map(h => h.textContent.trim());
  const storyHeading = [...document.querySelectorAll('h2')].find(h => h.textContent.trim() === 'What happened');
  const storyVariants = [];
  for (let e = storyHeading && storyHeading.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling) {
    storyVariants.push(...[e, ...e.querySelectorAll('h3')].filter(h => h.tagName === 'H3')
      .map(h => h.textContent.trim()));
  }
  const images = [...document.images];
  const brokenImages = images.filter(img => !img.complete || img.naturalWidth === 0)
    .map(img => img.alt || img.src.slice(0, 40));
  const viewport = document.documentElement.clientWidth;
  const scrolls = e => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX;
      if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden') {
        return true;
      }
    }
    return false;
  };
  const over = e => e.getBoundingClientRect().right > viewport + 1 && !scrolls(e);
  // The outermost element that reaches past the edge names the problem; its children only repeat it.
  const overflowing = [...document.body.querySelectorAll('*')]
    .filter(e => over(e) && !(e.parentElement !== document.body && over(e.parentElement)))
    .slice(0, 5)
    .map(e => `<${e.tagName.toLowerCase()}${e.id ? ' id=' + e.id : ''}> "${e.textContent.trim().slice(0, 40)}"`);
  return {
    headings,
    storyVariants,
    images: images.length,
    brokenImages,
    pageWidth: document.documentElement.scrollWidth,
    overflowing,
  };
}
