// Opening a link outside the app (the client's signing page). The page asks;
// this checks the link again, whatever the page already decided, and hands it
// to the system browser. Electron passes `openExternal` (shell.openExternal);
// the web host has no system browser to reach from a Node process, so there
// the answer tells the page to open the checked link itself.
import { externalLinkProblem, EXTERNAL_LINK_MAX, type ExternalLinkProblem } from '../../../shared/external-link';
import type { Handlers } from '../dispatcher';
import { HandlerError } from '../errors';

type LinkHandlers = Pick<Handlers, 'links.open'>;

const REFUSALS: Record<ExternalLinkProblem, string> = {
  invalid: 'This is not a web address that can be opened. Copy the link and check it, or ask the service for the quotation again.',
  not_https: 'Only https links are opened in the browser; this one is not. Copy it and check where it leads before you pass it on.',
  credentials: 'This link carries a user name or password, so it is not opened. Copy it and check it with the service.',
  too_long: `This link is longer than ${EXTERNAL_LINK_MAX} characters, so it is not opened. Copy it and check it with the service.`,
};

/** Why `url` may not be opened, as an error the page shows; nothing when it may. */
export function checkExternalLink(url: string): void {
  const problem = externalLinkProblem(url);
  if (problem) throw new HandlerError('validation', REFUSALS[problem]);
}

export function linkHandlers(openExternal?: (url: string) => Promise<void>): LinkHandlers {
  return {
    async 'links.open'({ url }) {
      checkExternalLink(url);
      if (!openExternal) return { openIn: 'page', url };
      await openExternal(url);
      return { openIn: 'system' };
    },
  };
}
