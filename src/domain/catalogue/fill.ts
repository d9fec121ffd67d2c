/** A catalogue text with its `{name}` places filled in: `fill('Pay {payee}', { payee: 'Valley' })`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place));
}
