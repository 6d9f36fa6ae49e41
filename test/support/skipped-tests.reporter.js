/**
 * Jest reporter: above the summary, every skipped test by file and full title. Jest's own output only counts them
 * ("1 skipped"), and a suite skipped for what the machine lacks says why in its title ("(skipped: chromium is
 * absent)"), so the reason reaches whoever reads the run. A plain CommonJS file: Jest loads reporters untransformed.
 */
const path = require('node:path');

class SkippedTestsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_testContexts, results) {
    const skipped = [];
    for (const file of results.testResults) {
      const where = path.relative(this.rootDir, file.testFilePath);
      for (const test of file.testResults) {
        if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
          skipped.push(`  ${where} › ${test.fullName}`);
        }
      }
    }
    if (skipped.length > 0) process.stderr.write(`Skipped (${skipped.length}):\n${skipped.join('\n')}\n`);
  }
}

module.exports = SkippedTestsReporter;
