// The page behind a quotation's sign_url: the client reads the quotation and
// approves it there, without an API key; no PUT is needed then
// (docs/service-api.md, States of a quotation). The approval is stored like an approval by PUT.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { today, type ServiceState } from '../service-state';
import type { QuotationRec } from '../records';
import { resource } from '../routing';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(q: QuotationRec, message = ''): string {
  const lines = q.lines
    .map((l) =>
      'price' in l
        ? `<tr><td>${esc(l.description)}</td><td>${l.amount}</td><td>${l.price}</td><td>${l.linetotal}</td></tr>`
        : `<tr><td colspan="4">${esc(l.description)}</td></tr>`,
    )
    .join('');
  const state = q.approved
    ? `<p>Akkoord gegeven door ${esc(q.approved.name)} op ${esc(q.approved.date)}.</p>`
    : `<form method="post"><label>Naam <input name="name" required maxlength="255"></label>
<label>Opmerkingen <textarea name="comments"></textarea></label><button>Akkoord</button></form>`;
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Offerte ${esc(q.quotationreference)}</title></head>
<body><h1>Offerte ${esc(q.quotationreference)}</h1><p>${esc(q.company || q.contact)}, ${esc(q.date)}, geldig tot ${esc(q.datedue)}</p>
<table><tr><th>Omschrijving</th><th>Aantal</th><th>Prijs</th><th>Totaal</th></tr>${lines}</table>
<p>Totaal incl. btw: ${esc(q.totalintax)}</p>${message ? `<p role="alert">${esc(message)}</p>` : ''}${state}</body></html>`;
}

export function signRoutes(app: FastifyInstance, ctx: ServiceState): void {
  const find = (req: FastifyRequest): QuotationRec | undefined => {
    const token = (req.params as { token: string }).token;
    return /^[0-9a-f]{24}$/.test(token) ? ctx.data.quotations.find((q) => q.sent && q.sign_url.endsWith(`/sign/${token}`)) : undefined;
  };
  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
  const gone =
    '<!doctype html><html lang="nl"><meta charset="utf-8"><title>Niet gevonden</title>' +
    '<p>Deze offerte bestaat niet (meer). Vraag de afzender om een nieuwe link.</p></html>';

  resource(app, '/sign/:token', {
    GET: async (req, reply) => {
      const q = find(req);
      return q ? html(reply, 200, page(q)) : html(reply, 404, gone);
    },
    POST: async (req, reply) => {
      const q = find(req);
      if (!q) return html(reply, 404, gone);
      const body = (req.body ?? {}) as { name?: unknown; comments?: unknown };
      const name = typeof body.name === 'string' ? body.name.trim().slice(0, 255) : '';
      if (name === '') return html(reply, 422, page(q, 'Vul uw naam in om akkoord te geven.'));
      if (!q.approved) {
        ctx.data.quotations.set({ ...q, approved: { name, date: today(ctx), ip: req.ip, comments: typeof body.comments === 'string' ? body.comments : '' } });
      }
      return reply
        .code(303)
        .header('location', `/sign/${(req.params as { token: string }).token}`)
        .send();
    },
  });
}
