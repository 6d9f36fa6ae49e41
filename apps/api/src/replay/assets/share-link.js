// @ts-check
// "Copy link": the address of the selected moment in the public view (`/replay/<id>#rev=N&view=public`), never with
// a token. Whoever opens it sees that revision as the public sees it — or, if the organiser, the public view through
// its own token (`?as=public`); a player's own token is not used for a public link (a player may not ask for
// another view), so the page reads without it: nobody sees more than the public through a shared link.
import { ApiClient } from './api-client.js';
import { viewInAddress } from './page-address.js';

/**
 * A shared link's view: `view=public` with a token that is not the organiser's reads without the token (the public
 * view needs none, and `?as=` is the organiser's). One small question to the service, only when both are given;
 * until it is answered the page reads without the token, as the public does, so that nothing asked meanwhile (the
 * receipts panel opened at once) is answered in the token's own view.
 * @param {ApiClient} api
 */
export async function settleSharedView(api) {
  if (viewInAddress() !== 'public') return;
  const { token } = api;
  api.token = undefined;
  api.view = undefined;
  if (!token) return;
  try {
    const own = await new ApiClient(api.gameId, token, undefined).viewer();
    if (own.view !== 'organiser') return;
    api.token = token;
    api.view = 'public';
  } catch {
    // A token the service refuses: the public view, without it.
  }
}

/**
 * The link of a moment, as everybody may open it.
 * @param {string} gameId
 * @param {number} revision
 */
export function publicLink(gameId, revision) {
  return `${location.origin}/replay/${encodeURIComponent(gameId)}#rev=${revision}&view=public`;
}

export class ShareLink {
  /**
   * @param {{ button: HTMLButtonElement; field: HTMLInputElement; status: HTMLElement }} elements
   * @param {string} gameId
   * @param {() => number} selected the revision to share
   */
  constructor(elements, gameId, selected) {
    this.elements = elements;
    elements.button.addEventListener('click', () => void this.copy(publicLink(gameId, selected())));
  }

  /** @param {string} link */
  async copy(link) {
    const { field, status } = this.elements;
    field.value = link;
    field.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      status.textContent = 'link copied: the public view of this moment';
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is selected for the person to copy.
      field.select();
      status.textContent = 'copy the selected link: the public view of this moment';
    }
  }
}
