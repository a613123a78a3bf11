/**
 * The widget's building blocks: the API's origin (the origin this script was
 * loaded from), DOM helpers that set every value as text, the amount formatters and the API call.
 */

const script = document.currentScript as HTMLScriptElement | null;
export const API = new URL(
  script?.src || document.querySelector<HTMLScriptElement>('script[src*="widget.js"]')?.src || location.href,
).origin;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function link(text: string, id: string): HTMLAnchorElement {
  const a = el('a', text);
  a.href = `${API}/models/${encodeURIComponent(id)}`;
  a.target = '_blank';
  a.rel = 'noopener';
  return a;
}

/**
 * A USD amount for reading: exact decimal text from the API, shown with cents from $1 up (rounded
 * half up on the decimal digits, so no float rounding creeps in) and in full below $1.
 */
export function usd(amount: number): string {
  const text = String(amount);
  if (/e/i.test(text) || amount < 1) return `$${text}`;
  const [whole = '0', fraction = ''] = text.split('.');
  let cents = BigInt(whole + (fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}.${digits.slice(-2)}`;
}

/** A price per 1M tokens exactly as the API gives it: `$1.25`, `$10`. */
export const price = (n: number) => `$${n}`;

export const count = (n: number) => n.toLocaleString('en-US');

export async function api<T>(path: string, params: Record<string, string | undefined>): Promise<T> {
  const url = new URL(path, API);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    throw new Error(`cannot reach ${API}`);
  }
  const body = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `the API answered ${res.status}`);
  return body;
}

/** A table; `numeric` columns are right-aligned, `optional` ones left out in a narrow widget (the CSS's container query). */
export function table(
  caption: string,
  columns: string[],
  rows: Array<Array<string | Node>>,
  numeric: number[],
  optional: number[] = [],
): HTMLTableElement {
  const classOf = (i: number) =>
    [numeric.includes(i) ? 'n' : '', optional.includes(i) ? 'opt' : ''].filter(Boolean).join(' ');
  const t = el('table');
  t.createCaption().textContent = caption;
  const head = t.createTHead().insertRow();
  columns.forEach((c, i) => {
    const th = el('th', c, classOf(i));
    th.scope = 'col';
    head.appendChild(th);
  });
  const body = t.createTBody();
  for (const cells of rows) {
    const tr = body.insertRow();
    cells.forEach((cell, i) => {
      const td = el('td', undefined, classOf(i));
      td.append(cell);
      tr.appendChild(td);
    });
  }
  return t;
}
