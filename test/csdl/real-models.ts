// The real `$metadata` documents of fixtures/ (their sources and licences in fixtures/README.md),
// and two peers' test models written down as CSDL, read once per test file.

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fromMetadata, type ImportedMetadata } from '../../src/csdl/index.js';

export const REAL_MODELS = [
  'trippin',
  'northwind-v2',
  'northwind-v4',
  'gwsample-basic-v2',
  'graph-v1.0',
  'hardcoded-test-model',
  'olingo-tecsvc',
] as const;
export type RealModel = (typeof REAL_MODELS)[number];

const FILES: Readonly<Record<RealModel, string>> = {
  trippin: 'trippin.xml',
  'northwind-v2': 'northwind-v2.xml',
  'northwind-v4': 'northwind-v4.xml',
  'gwsample-basic-v2': 'gwsample-basic-v2.xml',
  'graph-v1.0': 'graph-v1.0.xml.gz',
  'hardcoded-test-model': 'hardcoded-test-model.xml',
  'olingo-tecsvc': 'olingo-tecsvc.xml',
};

/** The text of a fixture document. */
export function metadataText(name: RealModel): string {
  const bytes = readFileSync(new URL(`fixtures/${FILES[name]}`, import.meta.url));
  return (FILES[name].endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

const imported = new Map<RealModel, ImportedMetadata>();

/** The document read by fromMetadata(), once per process. */
export function importedModel(name: RealModel): ImportedMetadata {
  let known = imported.get(name);
  if (known === undefined) imported.set(name, (known = fromMetadata(metadataText(name))));
  return known;
}
