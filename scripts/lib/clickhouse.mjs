// The site's events as Analytics Engine stores them, in an in-process ClickHouse (chDB): what
// `npm run alerts:check` and the alerts drill's stand-in SQL API run the indicators' SQL on.
// chDB is a development tool of its own (about 550 MB), installed beside the project's packages.

/** The chDB this project runs, and how it is installed (`npm test` does it: scripts/ensure-chdb.mjs). */
export const CHDB_PACKAGE = 'chdb@3.4.0';
export const CHDB_INSTALL = 'node scripts/ensure-chdb.mjs';
export const CHDB_MISSING = `chDB is missing: ${CHDB_INSTALL} (npm test installs it).`;

/** chDB's Session class, or undefined when chDB is not installed. */
export async function chdbSession() {
  try {
    return (await import('chdb')).Session;
  } catch {
    return undefined;
  }
}

/**
 * Puts Analytics Engine data points (`{ indexes, blobs, doubles }`, each with when it was written)
 * into a chDB session, in a table named after the dataset (made anew), as the SQL API shows them:
 * index1, blob1… blob20, double1… double20, each weighing its `sampleInterval` (`_sample_interval`, one unless said).
 */
export function loadDataPoints(session, points, dataset) {
  session.query(`DROP TABLE IF EXISTS ${dataset}`);
  const blobs = Array.from({ length: 20 }, (_, i) => `blob${i + 1} String`).join(', ');
  const doubles = Array.from({ length: 20 }, (_, i) => `double${i + 1} Float64`).join(', ');
  session.query(
    `CREATE TABLE ${dataset} (timestamp DateTime64(3, 'UTC'), index1 String, _sample_interval UInt32, ${blobs}, ${doubles}) ENGINE = Memory`,
  );
  const quote = (text) => `'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const rows = points.map(({ at, point, sampleInterval }) => {
    const time = new Date(at).toISOString().replace('T', ' ').replace('Z', '');
    const b = point.blobs ?? [];
    const d = point.doubles ?? [];
    return `(${quote(time)}, ${quote(point.indexes?.[0] ?? '')}, ${Math.max(1, Math.floor(Number(sampleInterval ?? 1)))}, ${Array.from({ length: 20 }, (_, i) => quote(b[i] ?? '')).join(', ')}, ${Array.from({ length: 20 }, (_, i) => Number(d[i] ?? 0)).join(', ')})`;
  });
  if (rows.length) session.query(`INSERT INTO ${dataset} VALUES ${rows.join(', ')}`);
}

/** The site's recorded events (as /_dev/metrics lists them) as the data points the site wrote, laid out by EVENT_LAYOUT; a test's event may say the `sampleInterval` Analytics Engine kept it at. */
export function loadEvents(session, events, layout, dataset) {
  loadDataPoints(
    session,
    events.map((e) => {
      const own = layout[e.event] ?? { blobs: [], doubles: [] };
      return {
        at: e.at,
        sampleInterval: e.sampleInterval,
        point: {
          indexes: [e.event],
          blobs: [e.event, e.version, ...own.blobs.map((name) => e[name] ?? '')],
          doubles: own.doubles.map((name) => Number(e[name] ?? 0)),
        },
      };
    }),
    dataset,
  );
}
