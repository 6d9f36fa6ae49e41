/** The offline verifier page's file: written by `npm run build` beside the controller that serves it, and its download name. */
export const VERIFY_PAGE_FILE = 'sanctum-verify.html';
