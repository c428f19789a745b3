/** What the UBL and CII writers share. */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/**
 * Adds the element `name` (qualified, in namespace `ns`) with its text and attributes when the
 * value is given: an absent optional term writes no element. Returns the parent.
 */
export function optionalText(
  parent: XMLBuilder,
  ns: string,
  name: string,
  value: string | undefined | null,
  attributes?: Record<string, string>,
): XMLBuilder {
  if (value === undefined || value === null || value === '') return parent;
  parent
    .ele(ns, name, attributes ?? {})
    .txt(value)
    .up();
  return parent;
}
