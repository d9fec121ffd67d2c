// The Worker's bindings as deployed (wrangler.toml's [env.production], read by wrangler itself), each
// as the bench's workerd binds it to a stand-in: a binding added to wrangler.toml is in the bench, or
// the bench refuses to start and says which.
import { unstable_readConfig } from 'wrangler';

/** Bindings the bench leaves out on purpose, each with why. */
export const UNBOUND = {
  analytics_engine_datasets:
    'workerd has no Analytics Engine; the Worker writes an event only when it has the binding, so the bench measures without the write (a call that returns at once)',
};

/** Binding kinds the bench has no stand-in for: one of them in wrangler.toml stops the bench until it has one. */
const NO_STAND_IN = [
  'services',
  'r2_buckets',
  'hyperdrive',
  'vectorize',
  'send_email',
  'dispatch_namespaces',
  'mtls_certificates',
  'workflows',
  'pipelines',
  'secrets_store_secrets',
  'text_blobs',
  'data_blobs',
  'wasm_modules',
];

/** The version id the bench's Worker reports (`VERSION`), a UUID as every deployed version's. */
export const BENCH_VERSION = '00000000-0000-4000-8000-00000000b0b0';

const capnpString = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const present = (value) =>
  Array.isArray(value) ? value.length > 0 : value && typeof value === 'object' ? Object.keys(value).length > 0 : !!value;

/** The production configuration, as wrangler reads it. */
export function productionConfig(config = 'wrangler.toml') {
  return unstable_readConfig({ config, env: 'production' }, { hideWarnings: true });
}

/**
 * The site's workerd bindings for one configuration: `bindings` (capnp), the Durable Object classes
 * it serves (`objects`, each with whether it keeps SQLite), and the KV stand-ins it needs (`kv`: service names).
 */
export function benchBindings(config = productionConfig()) {
  const missing = NO_STAND_IN.filter((kind) => present(config[kind]));
  if (present(config.queues?.producers)) missing.push('queues');
  for (const kind of ['ai', 'browser', 'images']) if (present(config[kind])) missing.push(kind);
  for (const nested of ['unsafe', 'logfwdr']) if (present(config[nested]?.bindings)) missing.push(`${nested}.bindings`);
  if (config.d1_databases.length > 1) missing.push('a second D1 database');
  if (missing.length)
    throw new Error(`the bench has no stand-in for ${missing.join(', ')} of wrangler.toml: add one to test/bench/bindings.mjs`);

  const bindings = [];
  if (config.assets?.binding) bindings.push(`(name = ${capnpString(config.assets.binding)}, service = "assets")`);
  const kv = config.kv_namespaces.map((namespace) => ({ binding: namespace.binding, service: `kv-${namespace.binding.toLowerCase()}` }));
  for (const { binding, service } of kv) bindings.push(`(name = ${capnpString(binding)}, kvNamespace = ${capnpString(service)})`);
  for (const database of config.d1_databases)
    bindings.push(
      `(name = ${capnpString(database.binding)}, wrapped = (moduleName = "cloudflare-internal:d1-api", innerBindings = [(name = "fetcher", service = "d1")]))`,
    );
  const sqlite = new Set(config.migrations.flatMap((migration) => migration.new_sqlite_classes ?? []));
  const objects = [];
  for (const binding of config.durable_objects.bindings) {
    if (binding.script_name)
      throw new Error(`the bench serves only this Worker's Durable Objects, not ${binding.script_name}'s (${binding.name})`);
    bindings.push(`(name = ${capnpString(binding.name)}, durableObjectNamespace = ${capnpString(binding.class_name)})`);
    if (!objects.some((o) => o.className === binding.class_name))
      objects.push({ className: binding.class_name, sql: sqlite.has(binding.class_name) });
  }
  // The version the bench's Worker says it is: a fixed id, as every deployed version has one.
  if (config.version_metadata?.binding)
    bindings.push(
      `(name = ${capnpString(config.version_metadata.binding)}, json = ${capnpString(JSON.stringify({ id: BENCH_VERSION, tag: 'bench', timestamp: '2026-11-29T00:00:00.000Z' }))})`,
    );
  const unbound = Object.keys(UNBOUND).filter((kind) => present(config[kind]));
  return { bindings, objects, kv: kv.map((k) => k.service), d1: config.d1_databases.length > 0, unbound };
}
