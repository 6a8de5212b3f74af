// Opening a link outside the app (the client's signing page). The page asks;
// this checks the link again, whatever the page already decided, and hands it
// to the system browser. Electron passes `openExternal` (shell.openExternal);
// the web host has no system browser to reach from a Node process, so there
// the answer tells the page to open the checked link itself.
import { externalLinkProblem, EXTERNAL_LINK_MAX, type ExternalLinkProblem } from '../../../shared/external-link';
import type { Handlers } from '../dispatcher';
import { HandlerError } from '../../errors/handler-error';
import { said, type Said } from '../../../shared/messages';

type LinkHandlers = Pick<Handlers, 'links.open'>;

const REFUSALS: Record<ExternalLinkProblem, () => Said> = {
  invalid: () => said('link.invalid'),
  not_https: () => said('link.not_https'),
  credentials: () => said('link.credentials'),
  too_long: () => said('link.too_long', { max: EXTERNAL_LINK_MAX }),
};

/** Why `url` may not be opened, as an error the page shows; nothing when it may. */
export function checkExternalLink(url: string): void {
  const problem = externalLinkProblem(url);
  if (problem) throw new HandlerError('validation', REFUSALS[problem]());
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
