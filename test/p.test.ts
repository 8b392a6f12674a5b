import { it } from 'vitest';
import { check, defineSchema } from '../src/index.js';
import { compilePredicate } from '../src/backends/memory/index.js';
const S = defineSchema({ name: 'A', properties: { D: 'Edm.Date', T: 'Edm.TimeOfDay', W: 'Edm.Duration', Due: 'Edm.DateTimeOffset', Q: 'Edm.Int32' } });
const row = { D: '2012-12-03', T: '07:59:59.125', W: 5400000, Due: '2012-12-03T23:30:00-05:00', Q: 3 };
it('p', () => {
  for (const f of ["D eq 2012-12-03", "T lt 08:00", "W eq duration'PT1H30M'", "D add W eq 2012-12-03T01:30:00Z", "date(Due) eq 2012-12-04", "time(Due) eq 04:30", "year(D) eq 2012 and month(D) eq 12 and day(D) eq 3", "hour(T) eq 7 and minute(T) eq 59 and second(T) eq 59 and fractionalseconds(T) eq 0.125", "totalseconds(W) eq 5400", "W mul 1.5 eq duration'PT2H15M'", "W div Q eq duration'PT30M'", "-W lt W", "Due sub 2012-12-04T00:00:00Z eq duration'PT4H30M'", "D sub 2012-12-01 eq duration'P2D'", "Due ge now() sub duration'P7D'", "totaloffsetminutes(Due) eq 0", "W mul 1e300 eq null"]) {
    for (const codegen of [true, false]) {
      try { console.log(codegen, f, '=>', compilePredicate(check(f, S), { codegen, clock: () => new Date('2012-12-08T00:00:00Z') })(row)); } catch (e: any) { console.log(f, '!!', e.kind, e.message); }
    }
  }
});
