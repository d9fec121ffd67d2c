// A D1 database for the bench: one SQLite-backed Durable Object in memory, migrated at start,
// answering the requests workerd's D1 binding sends (POST /query and /execute, as Miniflare does).
import { DurableObject } from 'cloudflare:workers';
import migrations from 'migrations.sql';

function toParam(value) {
  return Array.isArray(value) ? new Uint8Array(value).buffer : value;
}

function toCell(value) {
  return value instanceof ArrayBuffer ? Array.from(new Uint8Array(value)) : value;
}

export class Database extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(migrations);
  }

  run(format, { sql, params }) {
    const started = performance.now();
    const cursor = this.sql.exec(sql, ...(params ?? []).map(toParam));
    const columns = cursor.columnNames;
    const rows = cursor
      .raw()
      .toArray()
      .map((row) => row.map(toCell));
    const { changes, lastRowId } = this.sql.exec('SELECT changes() AS changes, last_insert_rowid() AS lastRowId').one();
    const written = cursor.rowsWritten;
    return {
      success: true,
      results:
        format === 'ROWS_AND_COLUMNS' ? { columns, rows } : rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))),
      meta: {
        served_by: 'bench.d1',
        duration: performance.now() - started,
        changes: written > 0 ? changes : 0,
        last_row_id: lastRowId,
        changed_db: written > 0,
        size_after: this.sql.databaseSize,
        rows_read: cursor.rowsRead,
        rows_written: written,
      },
    };
  }

  async fetch(request) {
    const url = new URL(request.url);
    if (request.method !== 'POST' || (url.pathname !== '/query' && url.pathname !== '/execute')) {
      return new Response('Not found', { status: 404 });
    }
    const body = await request.json();
    const queries = (Array.isArray(body) ? body : [body]).filter((q) => q.sql.replace(/^\s+--.*/gm, '').trim());
    const format = url.searchParams.get('resultsFormat') ?? 'ARRAY_OF_OBJECTS';
    try {
      if (queries.length === 0) throw new Error('No SQL statements detected.');
      return Response.json(this.ctx.storage.transactionSync(() => queries.map((q) => this.run(format, q))));
    } catch (error) {
      return Response.json({ success: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

export default {
  fetch(request, env) {
    return env.DATABASE.get(env.DATABASE.idFromName('papaya')).fetch(request);
  },
};
