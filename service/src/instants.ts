// Date-times as the service writes them (section 2.2): ISO 8601 with the seconds, fractional
// seconds only when there are some; UTC instants with `Z`, an event's times at its own offset.

/** `2012-02-01T10:00:00Z`, or `…T10:00:00.250Z`. */
export function utcText(instant: Date): string {
  return instant.toISOString().replace('.000Z', 'Z');
}

/** The instant at the offset (minutes east of UTC): `2012-02-01T21:00:00+11:00`. */
export function offsetText(instant: Date, offsetMinutes: number): string {
  const local = utcText(new Date(instant.getTime() + offsetMinutes * 60_000)).slice(0, -1);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A driver's timestamptz: PGlite and pg both give a Date; a text (another driver's choice) is read as one. */
export function instantOf(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
