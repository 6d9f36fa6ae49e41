import { type CheckOutcome, type FileToVerify, type FilesToVerify, textChunksOf, verifyFiles } from '@app/verifier';

/** The page's elements, found once. */
function element<E extends HTMLElement>(testid: string): E {
  const found = document.querySelector<E>(`[data-testid="${testid}"]`);
  if (found === null) throw new Error(`the page has no ${testid}`);
  return found;
}

const form = element<HTMLFormElement>('files');
const progress = element<HTMLParagraphElement>('progress');
const results = element<HTMLElement>('results');

function toVerify(file: File): FileToVerify {
  return { name: file.name, text: () => file.text(), chunks: () => textChunksOf(file.stream()) };
}

function picked(name: string): FileToVerify[] {
  const input = form.elements.namedItem(name) as HTMLInputElement;
  return [...(input.files ?? [])].map(toVerify);
}

const HEADLINES: Record<CheckOutcome, string> = {
  holds: 'Holds',
  'does not hold': 'Does NOT hold',
  unusable: 'Cannot be checked',
};

/** A turn of the event loop, so that the page repaints while a long export is checked. */
const repaint = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function verify(): Promise<void> {
  const files: FilesToVerify = {
    export: picked('export')[0],
    receipts: picked('receipts')[0],
    keys: picked('keys')[0],
    proofs: picked('proofs'),
    treeHead: picked('treeHead')[0],
  };
  results.replaceChildren();
  progress.hidden = false;
  progress.textContent = 'checking…';
  const checks = await verifyFiles(files, async ({ file, events }) => {
    progress.textContent = `${file}: ${events.toLocaleString('en')} events checked`;
    await repaint();
  });
  progress.textContent = checks.length === 0 ? 'Pick a game’s export, receipts or proofs to check.' : '';
  progress.hidden = checks.length !== 0;
  for (const check of checks) {
    const section = document.createElement('section');
    section.className = 'check';
    section.dataset.testid = 'check';
    section.dataset.outcome = check.outcome;
    const title = document.createElement('h2');
    title.textContent = HEADLINES[check.outcome];
    const command = document.createElement('div');
    command.className = 'command';
    command.dataset.testid = 'command';
    command.textContent = `the same as: ${check.command}`;
    const lines = document.createElement('pre');
    lines.dataset.testid = 'lines';
    lines.textContent = check.lines.join('\n');
    section.append(title, command, lines);
    results.append(section);
  }
  document.body.dataset.state = 'verified';
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  document.body.dataset.state = 'verifying';
  verify().catch((error: unknown) => {
    progress.hidden = false;
    progress.textContent = `The check stopped: ${(error as Error).message}`;
    document.body.dataset.state = 'failed';
  });
});
document.body.dataset.state = 'ready';
