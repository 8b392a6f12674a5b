// The rows the evaluate and mongo benches share: 100,000 deterministic rooms, about one value in
// ten null, over a schema with strings, numbers, an instant and a nested structure.
import { defineSchema } from '../dist/index.js';

export const roomSchema = defineSchema({
  name: 'Room',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Status: 'Edm.String',
    Capacity: 'Edm.Int32',
    Price: 'Edm.Double',
    CreatedDateTime: 'Edm.DateTimeOffset',
    Address: { properties: { City: 'Edm.String' } },
  },
});

// mulberry32: a small seeded generator, so every run and every bench sees the same rows.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Alpha', 'Atrium', 'Boardroom', 'Cedar', 'Aurora', 'Delta', 'Echo', 'Annex', 'Zephyr', 'Maple'];

export function makeRooms(count = 100_000, seed = 20240601) {
  const rnd = random(seed);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const maybe = (v) => (rnd() < 0.1 ? null : v);
  return Array.from({ length: count }, (_, i) => ({
    Id: i,
    Name: maybe(`${pick(NAMES)} ${i % 97}`),
    Status: maybe(pick(['Active', 'Closed', 'Pending'])),
    Capacity: maybe(Math.floor(rnd() * 200)),
    Price: maybe(Math.round(rnd() * 50000) / 100),
    CreatedDateTime: maybe(new Date(Date.UTC(2008, 0, 1) + Math.floor(rnd() * 8 * 365 * 86400000))),
    Address: rnd() < 0.1 ? null : { City: maybe(pick(['Paris', 'Lyon', 'Oslo', 'Rome'])) },
  }));
}
