/**
 * Jest reporter: after a run of more suites than it lists, the slowest ones with their time and the reason each gives
 * for it (the "Why it is slow:" sentence of the comment that opens its file or its suite), so whoever waits on
 * `npm test` sees where the time goes and why it must. A slow suite that gives no reason is named as such: write one,
 * or make the suite faster. Option `count`: how many to list. A plain CommonJS file: Jest loads reporters untransformed.
 */
const fs = require('node:fs');
const path = require('node:path');

/** A comment line that gives the reason: in a block comment, or after `//`. */
const WHY = /^\s*(?:\/\*\*?|\*|\/\/)\s*Why it is slow:/;
/** A line that goes on with the comment above it (not its end). */
const CONTINUED = /^\s*(?:\*(?!\/)|\/\/)\s?(.*)$/;

/**
 * The sentence after "Why it is slow:" in a file's comments, up to a blank comment line or the comment's end, its
 * lines joined (a word hyphenated at a line's end is joined whole).
 */
function whySlow(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const at = lines.findIndex((line) => WHY.test(line));
  if (at < 0) return null;
  const parts = [];
  let line = lines[at].replace(WHY, '');
  for (let next = at + 1; ; next += 1) {
    const end = line.indexOf('*/');
    parts.push((end < 0 ? line : line.slice(0, end)).trim());
    if (end >= 0 || next >= lines.length) break;
    const continued = CONTINUED.exec(lines[next]);
    if (continued === null || continued[1].trim() === '') break;
    line = continued[1];
  }
  return parts.reduce(
    (sentence, part) => (sentence === '' || sentence.endsWith('-') ? sentence + part : `${sentence} ${part}`),
    '',
  );
}

class SlowestSuitesReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.count = options.count ?? 10;
  }

  onRunComplete(_testContexts, results) {
    const timed = results.testResults
      .filter((file) => file.perfStats && file.perfStats.end > file.perfStats.start)
      .map((file) => ({ file: file.testFilePath, seconds: (file.perfStats.end - file.perfStats.start) / 1000 }));
    // A run of a few suites is its own list.
    if (timed.length <= this.count) return;
    const slowest = timed.sort((a, b) => b.seconds - a.seconds).slice(0, this.count);
    const lines = slowest.map(({ file, seconds }) => {
      const why = whySlow(file) ?? 'says nothing of why it is slow';
      return `  ${seconds.toFixed(1).padStart(6)} s  ${path.relative(this.rootDir, file)}: ${why}`;
    });
    process.stderr.write(`Slowest suites (${slowest.length} of ${timed.length}):\n${lines.join('\n')}\n`);
  }
}

module.exports = SlowestSuitesReporter;
