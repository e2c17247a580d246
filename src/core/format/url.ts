/** Picture base URL: scheme, query and fragment removed ('https://img.x.cn/a/?t=1' → 'img.x.cn/a/'). */
export function pictureBaseUrl(url: string | null | undefined): string {
  if (!url) return '';
  return url
    .trim()
    .replace(/^[a-z][a-z\d+.-]*:\/\//i, '')
    .replace(/^\/\//, '')
    .replace(/[?#].*$/, '');
}
