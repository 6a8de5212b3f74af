// The data a fresh sandbox starts with: a small, realistic Dutch/English demo
// account, or N generated records per kind for scale tests. Deterministic for
// a given seed and clock; dates are relative to the sandbox clock's today.
import { addDays } from '../../shared/money';
import type { QuotationCreate } from '../../shared/schemas';
import { today, type ServiceState } from './service-state';
import { pick, intBetween, seededRng, type Rng } from './random';
import { draftRecord, sentRecord } from './quotations';
import {
  clientDefaults,
  productDefaults,
  type ClientRec,
  type InvoiceRec,
  type ProductRec,
  type QuotationRec,
  type RepeatingInvoiceRec,
  type SavedInvoiceRec,
  type SendMethod,
} from './records';
import { priceInTax } from '../../shared/money';

export interface SeedCounts {
  clients?: number;
  products?: number;
  quotations?: number;
}

type ClientSeed = Partial<ClientRec> & Pick<ClientRec, 'company' | 'contact' | 'address' | 'zipcode' | 'city'>;

const DEMO_CLIENTS: ClientSeed[] = [
  {
    company: 'Bakkerij De Gouden Korst',
    contact: 'Joke van Dijk',
    address: 'Voorstraat 12',
    zipcode: '3512 AK',
    city: 'Utrecht',
    email: 'joke@goudenkorst.nl',
    phone: '030-2314455',
    bankcode: 'NL91ABNA0417164300',
    taxnumber: 'NL001234567B01',
  },
  {
    company: 'Van der Berg Installatietechniek B.V.',
    contact: 'Henk van der Berg',
    address: 'Industrieweg 45',
    zipcode: '3044 AS',
    city: 'Rotterdam',
    email: 'administratie@vdberg-installatie.nl',
    phone: '010-4152233',
    top: 14,
  },
  {
    company: 'Hendriks & Zonen Transport',
    contact: 'Martijn Hendriks',
    address: 'Kanaaldijk 8',
    zipcode: '5611 JL',
    city: 'Eindhoven',
    email: 'planning@hendrikstransport.nl',
    phone: '040-2123344',
  },
  {
    company: 'Studio Lindeboom',
    contact: 'Eva Lindeboom',
    address: 'Prinsengracht 301',
    zipcode: '1016 GX',
    city: 'Amsterdam',
    email: 'eva@studiolindeboom.nl',
    mobile: '06-12345678',
    default_category: 3,
  },
  {
    company: 'Brightwater Consulting Ltd',
    contact: 'Oliver Hughes',
    address: '14 Queen Square',
    zipcode: 'BS1 4JQ',
    city: 'Bristol',
    country: 225,
    email: 'accounts@brightwater.co.uk',
    currency: 'GBP',
    default_doclang: 'en',
    top: 30,
    default_category: 2,
  },
  {
    company: 'Tuinhuis De Linde',
    contact: 'Piet Jansen',
    address: 'Lindelaan 3',
    zipcode: '9711 LE',
    city: 'Groningen',
    email: '',
    sendmethod: 'mail',
    phone: '050-3112200',
  },
  {
    company: 'Northwind Trading LLC',
    contact: 'Sarah Mitchell',
    address: '1200 Harbor Ave',
    zipcode: '98101',
    city: 'Seattle',
    country: 226,
    email: 'billing@northwind-trading.com',
    currency: 'USD',
    default_doclang: 'en',
  },
  {
    company: "Café 't Hoekje",
    contact: 'Kees de Wit',
    address: 'Grote Markt 2',
    zipcode: '2011 RD',
    city: 'Haarlem',
    email: 'kees@hoekje-haarlem.nl',
    tax_type: 'intax',
  },
  {
    company: 'Ingenieursbureau Smit',
    contact: 'Annelies Smit',
    address: 'Mekelweg 90',
    zipcode: '2628 CD',
    city: 'Delft',
    email: 'finance@smit-ingenieurs.nl',
    paymentmethod: 'autocollect',
    mandate_id: 'SMIT-2024-01',
    mandate_date: '2024-01-15',
    collecttype: 'RCUR',
    bankcode: 'NL20INGB0001234567',
  },
  {
    company: 'Maple & Stone Interiors Ltd',
    contact: 'Grace Turner',
    address: '8 Camden Road',
    zipcode: 'NW1 9DP',
    city: 'London',
    country: 225,
    email: 'grace@maplestone.co.uk',
    currency: 'GBP',
    default_doclang: 'en',
  },
  {
    company: 'Fysiotherapie Zuid',
    contact: 'Ruud Peters',
    address: 'Wilhelminasingel 20',
    zipcode: '6221 BH',
    city: 'Maastricht',
    email: 'info@fysiozuid.nl',
    active: false,
  },
  {
    company: 'Dekker Drukwerk',
    contact: 'Sanne Dekker',
    address: 'Zwartewaterallee 14',
    zipcode: '8031 DX',
    city: 'Zwolle',
    email: 'sanne@dekkerdrukwerk.nl',
    sendmethod: 'printcenter',
  },
];

const DEMO_PRODUCTS: Omit<ProductRec, 'id' | 'priceintax' | 'stock' | 'stock_use' | 'notes'>[] = [
  { code: 'ADV-UUR', name: 'Advies per uur', price: 95, taxes: 21 },
  { code: 'WEB-ONDH', name: 'Website onderhoud (per maand)', price: 49.95, taxes: 21 },
  { code: 'LOGO', name: 'Logo ontwerp', price: 450, taxes: 21 },
  { code: 'HOST-J', name: 'Webhosting (per jaar)', price: 120, taxes: 21 },
  { code: 'TRAIN-EN', name: 'Training day (English)', price: 795, taxes: 21 },
  { code: 'VISITE', name: 'Visitekaartje (per stuk)', price: 0.125, taxes: 21 },
  { code: 'VERZ', name: 'Verzendkosten', price: 6.95, taxes: 21 },
  { code: 'BROOD-VK', name: 'Volkorenbrood', price: 3.25, taxes: 9 },
  { code: 'KOFFIE-1KG', name: 'Koffiebonen 1 kg', price: 18.5, taxes: 9 },
  { code: 'BOEK-OND', name: 'Boek "Ondernemen in de praktijk"', price: 24.99, taxes: 9 },
  { code: 'EXPORT', name: 'Export delivery outside the EU', price: 250, taxes: 0 },
  { code: 'CURSUS-0', name: 'Beroepsopleiding (vrijgesteld)', price: 1200, taxes: 0 },
];

// Generated names: Dutch and English businesses, mixed.
const SURNAMES = [
  'Jansen',
  'de Vries',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Evans',
  'Walker',
  'Wright',
  // accents, which search must see past (Muller finds Müller)
  'Müller',
  'Öztürk',
  'Lefèvre',
];
const FIRST = [
  'Anna',
  'Bram',
  'Daan',
  'Emma',
  'Fleur',
  'Jan',
  'Lotte',
  'Mark',
  'Noor',
  'Pieter',
  'Sanne',
  'Tom',
  'Oliver',
  'Grace',
  'James',
  'Emily',
  'Harry',
  'Sophie',
  'Zoë',
  'Renée',
];
const TRADES_NL = [
  'Bouw',
  'Installaties',
  'Schilderwerken',
  'Advies',
  'Transport',
  'Catering',
  'Hoveniers',
  'ICT',
  'Architecten',
  'Loodgieters',
  'Administratie',
  'Fotografie',
];
const TRADES_EN = ['Consulting', 'Logistics', 'Design', 'Software', 'Builders', 'Catering', 'Media', 'Engineering'];
const FORMS_NL = ['B.V.', 'V.O.F.', '', '& Zn.', 'B.V.'];
const FORMS_EN = ['Ltd', 'LLC', '& Co', 'Ltd'];
const CITIES_NL: [string, string][] = [
  ['Amsterdam', '1012'],
  ['Rotterdam', '3011'],
  ['Den Haag', '2511'],
  ['Utrecht', '3511'],
  ['Eindhoven', '5611'],
  ['Groningen', '9711'],
  ['Tilburg', '5038'],
  ['Almere', '1315'],
  ['Breda', '4811'],
  ['Nijmegen', '6511'],
  ['Arnhem', '6811'],
  ['Haarlem', '2011'],
  ['Zwolle', '8011'],
  ['Leiden', '2311'],
  ['Maastricht', '6211'],
  ['Delft', '2611'],
];
const CITIES_EN: [string, string, number][] = [
  ['London', 'EC1A 1', 225],
  ['Manchester', 'M1 1AE', 225],
  ['Bristol', 'BS1 4D', 225],
  ['Leeds', 'LS1 4A', 225],
  ['Boston', '02108', 226],
  ['Chicago', '60601', 226],
  ['Austin', '73301', 226],
];
const STREETS = [
  'Dorpsstraat',
  'Kerkstraat',
  'Stationsweg',
  'Molenweg',
  'Schoolstraat',
  'Industrieweg',
  'Havenstraat',
  'Marktplein',
  'High Street',
  'Station Road',
  'Church Lane',
  'Mill Road',
];
const ITEMS = ['Advies', 'Montage', 'Onderhoud', 'Licentie', 'Ontwerp', 'Support', 'Installation', 'Training', 'Materiaal', 'Hosting', 'Inspectie', 'Workshop'];
const SIZES = ['klein', 'standaard', 'groot', 'premium', 'basic', 'pro', 'XL', 'per uur', 'per dag', 'per maand'];

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 24) || 'bedrijf'
  );
}

function demoClients(): ClientRec[] {
  return DEMO_CLIENTS.map((c, i) => ({ ...clientDefaults(i + 1), ...c }));
}

function generatedClients(n: number, rng: Rng): ClientRec[] {
  const out: ClientRec[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const english = rng() < 0.15;
    const surname = pick(rng, SURNAMES);
    const first = pick(rng, FIRST);
    const company = english
      ? `${surname} ${pick(rng, TRADES_EN)} ${pick(rng, FORMS_EN)}`.trim()
      : `${surname.charAt(0).toUpperCase()}${surname.slice(1)} ${pick(rng, TRADES_NL)} ${pick(rng, FORMS_NL)}`.trim();
    const base = clientDefaults(i + 1);
    let city: string;
    let zipcode: string;
    let country = 146;
    if (english) {
      const c = pick(rng, CITIES_EN);
      [city, zipcode, country] = c;
    } else {
      const c = pick(rng, CITIES_NL);
      city = c[0];
      zipcode = `${c[1]} ${String.fromCharCode(65 + intBetween(rng, 0, 25))}${String.fromCharCode(65 + intBetween(rng, 0, 25))}`;
    }
    const noEmail = rng() < 0.08;
    out[i] = {
      ...base,
      company: company.slice(0, 50),
      contact: `${first} ${surname}`,
      address: `${pick(rng, STREETS)} ${intBetween(rng, 1, 250)}`,
      zipcode,
      city,
      country,
      email: noEmail ? '' : `${slug(first)}@${slug(company)}.${english ? (country === 226 ? 'com' : 'co.uk') : 'nl'}`,
      phone: english ? '' : `0${intBetween(rng, 10, 79)}-${intBetween(rng, 1000000, 9999999)}`,
      currency: country === 225 ? 'GBP' : country === 226 ? 'USD' : 'EUR',
      default_doclang: english ? 'en' : '',
      sendmethod: noEmail ? 'mail' : 'email',
      top: pick(rng, [14, 30, 30, 60]),
      active: rng() >= 0.05,
    };
  }
  return out;
}

function withPrices(p: Omit<ProductRec, 'priceintax'>): ProductRec {
  return { ...p, priceintax: Number(priceInTax(p.price, p.taxes)) };
}

function demoProducts(): ProductRec[] {
  return DEMO_PRODUCTS.map((p, i) => {
    const stocked = p.code === 'KOFFIE-1KG' || p.code === 'BOEK-OND';
    return withPrices({ ...productDefaults(i + 1), ...p, stock_use: stocked, stock: stocked ? (p.code === 'KOFFIE-1KG' ? 40 : 12) : false });
  });
}

function generatedProducts(n: number, rng: Rng): ProductRec[] {
  const out: ProductRec[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const taxes = pick(rng, [21, 21, 21, 9, 0]);
    const price = intBetween(rng, 50, 250000) / 100;
    const stock_use = rng() < 0.2;
    out[i] = withPrices({
      ...productDefaults(i + 1),
      code: `P${String(i + 1).padStart(5, '0')}`,
      name: `${pick(rng, ITEMS)} ${pick(rng, SIZES)}`,
      price,
      taxes,
      stock_use,
      stock: stock_use ? intBetween(rng, 0, 500) : false,
    });
  }
  return out;
}

/** How far back generated quotations go, in days. */
const TEN_YEARS = 3652;

type State = 'draft' | 'sent' | 'approved' | 'progress' | 'completed' | 'declined';
const STATES: State[] = ['draft', 'sent', 'approved', 'progress', 'completed', 'declined'];

function linesFrom(products: ProductRec[], rng: Rng, n: number): NonNullable<QuotationCreate['lines']> {
  if (products.length === 0) return [{ description: 'Werkzaamheden volgens afspraak', amount: 1, price: 100, tax_rate: 21 }];
  const lines: NonNullable<QuotationCreate['lines']> = [];
  for (let i = 0; i < n; i++) {
    const p = pick(rng, products);
    lines.push({ description: p.name, amount: intBetween(rng, 1, 10), price: p.price, tax_rate: p.taxes, amount_desc: p.name.includes('uur') ? 'uur' : '' });
  }
  return lines;
}

/**
 * The profile and category a seeded quotation names, without drawing from the
 * random sequence (the rest of the data stays as it was): English clients get
 * the English layout, a client's default category is used, and every third
 * quotation of the others is filed as advice or maintenance.
 */
function documentOptions(client: ClientRec, i: number): Pick<QuotationCreate, 'profile' | 'category'> {
  const out: Pick<QuotationCreate, 'profile' | 'category'> = {};
  if (client.default_doclang === 'en') out.profile = 2;
  if (client.default_category > 0) out.category = client.default_category;
  else if (i % 3 === 1) out.category = i % 2 === 0 ? 4 : 2;
  return out;
}

function quotationFor(
  ctx: ServiceState,
  id: number,
  input: QuotationCreate,
  client: ClientRec | undefined,
  state: State,
  reference: string,
  method: SendMethod,
): QuotationRec {
  const draft = draftRecord(ctx, id, input, client);
  if (state === 'draft') return draft;
  const sent = sentRecord(ctx, draft, id, method, client, reference);
  const approval = { name: client?.contact || 'Klant', date: addDays(draft.date, 3), ip: '192.0.2.10', comments: 'Akkoord' };
  if (state === 'approved') return { ...sent, approved: approval };
  if (state === 'completed') return { ...sent, approved: approval, customstatus: 'completed' };
  if (state === 'progress' || state === 'declined') return { ...sent, customstatus: state };
  return sent;
}

function demoQuotations(ctx: ServiceState, clients: ClientRec[], products: ProductRec[], rng: Rng, day: string): QuotationRec[] {
  if (clients.length === 0) return [];
  const plan: { client: number; state: State; savename?: string; method: SendMethod; ago: number; notes?: string }[] = [
    { client: 4, state: 'draft', savename: 'Concept website Lindeboom', method: 'email', ago: 2 },
    { client: 2, state: 'draft', savename: 'Onderhoudscontract 2026', method: 'email', ago: 5 },
    { client: 1, state: 'sent', method: 'email', ago: 10 },
    { client: 3, state: 'approved', method: 'email', ago: 20 },
    { client: 5, state: 'progress', method: 'email', ago: 25, notes: 'Follow up by phone' },
    { client: 9, state: 'completed', method: 'email', ago: 40 },
    { client: 7, state: 'declined', method: 'email', ago: 35 },
    { client: 6, state: 'sent', method: 'mail', ago: 15 },
  ];
  let seq = 0;
  return plan.map((p, i) => {
    const client = clients[(p.client - 1) % clients.length]!;
    const date = addDays(day, -p.ago);
    const input: QuotationCreate = {
      clientnr: client.clientnr,
      action: p.state === 'draft' ? 'save' : 'send',
      savename: p.savename,
      lines: [...linesFrom(products, rng, 1 + (i % 3)), ...(i % 2 === 0 ? [{ description: 'Prijzen zijn geldig tot de vervaldatum.' }] : [])],
      date,
      notes: p.notes,
      ...(i === 3 ? { discounttype: 'percentage' as const, discount: 5 } : {}),
      ...documentOptions(client, i),
    };
    const reference = p.state === 'draft' ? '' : `OF${date.slice(0, 4)}-${String(++seq).padStart(4, '0')}`;
    return quotationFor(ctx, i + 1, input, client, p.state, reference, p.method);
  });
}

function generatedQuotations(ctx: ServiceState, n: number, clients: ClientRec[], products: ProductRec[], rng: Rng, day: string): QuotationRec[] {
  if (clients.length === 0) return [];
  const out: QuotationRec[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const client = clients[Math.floor(rng() * clients.length)]!;
    const state = STATES[i % STATES.length]!;
    // ten years of quotations, the oldest first as the service numbers them (ids grow with the date), a month apart at most from that line
    const date = addDays(day, -(Math.floor(((n - 1 - i) * TEN_YEARS) / n) + intBetween(rng, 0, 30)));
    const input: QuotationCreate = {
      clientnr: client.clientnr,
      action: state === 'draft' ? 'save' : 'send',
      savename: state === 'draft' ? `Concept ${i + 1}` : undefined,
      lines: linesFrom(products, rng, intBetween(rng, 1, 4)),
      date,
      ...documentOptions(client, i),
    };
    const method: SendMethod = client.email ? 'email' : 'mail';
    out[i] = quotationFor(ctx, i + 1, input, client, state, state === 'draft' ? '' : `OF${date.slice(0, 4)}-G${String(i + 1).padStart(6, '0')}`, method);
  }
  return out;
}

interface Documents {
  invoices: InvoiceRec[];
  saved: SavedInvoiceRec[];
  repeating: RepeatingInvoiceRec[];
}

/** Invoices for about a third of the clients, some saved and repeating ones. */
function documents(clients: ClientRec[], rng: Rng, day: string): Documents {
  const invoices: InvoiceRec[] = [];
  const saved: SavedInvoiceRec[] = [];
  const repeating: RepeatingInvoiceRec[] = [];
  const money = () => (intBetween(rng, 2500, 500000) / 100).toFixed(2);
  clients.forEach((c, i) => {
    if (i % 3 === 0) {
      const count = 1 + (i % 2);
      for (let k = 0; k < count; k++) {
        const id = invoices.length + 1;
        const date = addDays(day, -intBetween(rng, 5, 400));
        const datedue = addDays(date, c.top);
        invoices.push({
          id,
          invoicenr: `F${date.slice(0, 4)}-${String(id).padStart(5, '0')}`,
          clientnr: c.clientnr,
          company: c.company,
          contact: c.contact,
          email: c.email,
          city: c.city,
          date,
          datedue,
          status: datedue < day ? (rng() < 0.8 ? 'paid' : 'late') : 'open',
          totalintax: money(),
        });
      }
    }
    if (i % 10 === 4)
      saved.push({
        id: saved.length + 1,
        savename: `Concept factuur ${c.company}`.slice(0, 40),
        clientnr: c.clientnr,
        company: c.company,
        date: addDays(day, -intBetween(rng, 0, 30)),
        totalintax: money(),
      });
    if (i % 12 === 1) {
      const startdate = addDays(day, -intBetween(rng, 30, 300));
      const frequency = pick(rng, ['month', 'quarter', 'year'] as const);
      repeating.push({
        id: repeating.length + 1,
        clientnr: c.clientnr,
        company: c.company,
        frequency,
        startdate,
        nextdate: addDays(day, intBetween(rng, 1, 28)),
        totalintax: money(),
      });
    }
  });
  return { invoices, saved, repeating };
}

/** Fills an empty account: the demo set, or generated records where a count is given. */
export function populate(ctx: ServiceState, counts: SeedCounts, seed: number): void {
  const rng = seededRng(seed);
  const day = today(ctx);
  const clients = counts.clients === undefined ? demoClients() : generatedClients(counts.clients, rng);
  const products = counts.products === undefined ? demoProducts() : generatedProducts(counts.products, rng);
  const docs = documents(clients, rng, day);
  // lastinvoice is read only: the date of the client's latest invoice
  const latest = new Map<number, string>();
  for (const inv of docs.invoices) if ((latest.get(inv.clientnr) ?? '') < inv.date) latest.set(inv.clientnr, inv.date);
  for (const c of clients) c.lastinvoice = latest.get(c.clientnr) ?? null;

  const { data } = ctx;
  data.clients.load(clients);
  data.products.load(products);
  const quotations =
    counts.quotations === undefined
      ? demoQuotations(ctx, clients, products, rng, day)
      : generatedQuotations(ctx, counts.quotations, clients, products, rng, day);
  data.quotations.load(quotations);
  data.invoices.load(docs.invoices);
  data.savedInvoices.load(docs.saved);
  data.repeatingInvoices.load(docs.repeating);
  data.quotationSeq = quotations.filter((q) => q.sent).length;
}
