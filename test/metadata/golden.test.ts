// The `$metadata` documents of three kinds of model, held to golden files (test/metadata/golden/):
// the model of test/model/, a model with every construct, and the example event service's model
// and its schemas as modelOf() makes their models. A change to what the writer says shows in a
// diff, and each XML document, read in CSDL JSON's terms, is its JSON document.

import { describe, expect, it } from 'vitest';
import { defineModel, type Model, modelOf } from '../../src/index.js';
import { eventsModel, SERVICE_SCHEMAS } from '../../src/examples/events/index.js';
import { metadataEtag, metadataJson, metadataXml, type MetadataOptions } from '../../src/metadata/index.js';
import { people } from '../support/people-model.js';
import { csdlXmlToJson } from './csdl-xml-to-json.js';
import { eventKeys } from './event-keys.js';
import { everyConstruct, everyConstruct40 } from './every-construct-model.js';

const golden = (name: string, format: 'xml' | 'json'): string => `./golden/${name}.${format}`;

async function matchGolden(name: string, model: Model, options: MetadataOptions = {}): Promise<void> {
  const xml = metadataXml(model, options);
  const json = `${JSON.stringify(metadataJson(model, options), null, 2)}\n`;
  await expect(xml).toMatchFileSnapshot(golden(name, 'xml'));
  await expect(json).toMatchFileSnapshot(golden(name, 'json'));
  expect(metadataEtag(metadataXml(model, options))).toBe(metadataEtag(xml));
  // The XML document read in CSDL JSON's terms is the JSON document.
  expect(csdlXmlToJson(xml)).toEqual(JSON.parse(json));
}

describe('$metadata golden files', () => {
  it('the model of test/model/', async () => {
    await matchGolden('people', defineModel(people));
  });

  it('a model with every construct, under rules', async () => {
    await matchGolden('every-construct', defineModel(everyConstruct), {
      rules: {
        Products: { Tags: { filter: false }, 'Size/Width': { sort: false }, Maker: { expand: false, filter: false } },
        Makers: { Turnover: { select: false }, Office: { expand: false } },
      },
    });
  });

  it('a model with every construct, as a 4.0 document', async () => {
    await matchGolden('every-construct-4.0', defineModel(everyConstruct40), { version: '4.0' });
  });

  it("the example service's model, under interface A's entity sets", async () => {
    await matchGolden('events/model', eventsModel);
  });

  it.each([...SERVICE_SCHEMAS.keys()])('the example service: %s, its model made by modelOf()', async (name) => {
    const { model } = modelOf(SERVICE_SCHEMAS.get(name)!);
    await matchGolden(`events/${name}`, model, { keys: eventKeys(model) });
  });
});
