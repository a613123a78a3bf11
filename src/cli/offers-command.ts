/** `offers MODEL`'s table: every seller's door to one model, cheapest first for the workload, the kept-out apart. */
import { list, price, record, text, usd, workloadLine, type Plain } from './render.js';
import { prose, table } from './table.js';

export function renderOffers(a: Plain): string {
  const ranked = list(a.offers);
  const prices = (r: ReturnType<typeof record>) => record(r.prices);
  const rows = table(
    [
      { title: '#', align: 'right' },
      { title: 'SELLER', wrap: true },
      { title: 'KIND' },
      { title: 'IN $/1M', align: 'right' },
      { title: 'OUT $/1M', align: 'right' },
      { title: 'MONTHLY', align: 'right' },
      { title: 'DATE' },
    ],
    ranked.map((r) => [
      text(r.rank),
      `${text(r.seller)}${r.makersDoor ? ' *' : ''}`,
      text(r.kind),
      price(prices(r).input),
      price(prices(r).output),
      usd(record(r.costs).monthly),
      text(r.date),
    ]),
  );
  const cannot = list(a.cannotRun).map((r) => prose(`${text(r.seller)} cannot run it: ${text(r.reasonText)}.`));
  const kept = list(a.keptOut).map((r) =>
    prose(`${text(r.seller)} (${text(r.kind)}) kept out: ${text(r.reasonText)}.`),
  );
  // What a buyer must know of a ranked door: a price older than the maker's change, limits that are the model's.
  const notes = ranked.flatMap((r) => [
    ...(typeof record(r.predatesChange).text === 'string'
      ? [prose(`${text(r.seller)}: ${text(record(r.predatesChange).text)}.`)]
      : []),
    ...(Array.isArray(r.limitsFromModel)
      ? [
          prose(
            `${text(r.seller)}: no source gives its ${r.limitsFromModel.map((l) => (l === 'contextTokens' ? 'context window' : 'largest output')).join(' or ')}; the model's is used.`,
          ),
        ]
      : []),
  ]);
  return [
    `${text(a.name)} (${text(a.model)}). ${workloadLine(record(a.workload))}`,
    '',
    ranked.length ? rows : prose('No vetted seller can run this workload.'),
    prose(
      "* the record's own door (the maker's). Each door is also a model id: <model-id>@<seller>. DATE: the day the source listed the price.",
    ),
    ...(notes.length ? ['', ...notes] : []),
    ...(cannot.length ? ['', ...cannot] : []),
    ...(kept.length ? ['', ...kept] : []),
  ].join('\n');
}
