/** Reading a request URL without parsing it: shared by the app and the answer cache in front of it. */

/** The query of an absolute URL, without `?` and any fragment ('' when it has none): read without parsing the URL. */
export function queryOf(url: string): string {
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  const mark = url.indexOf('?');
  return mark === -1 || mark > end ? '' : url.slice(mark + 1, end);
}
