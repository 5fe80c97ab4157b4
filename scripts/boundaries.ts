import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import ts from 'typescript';

// The design's folders and what may import, write, emit or read what (docs/design.md, "Layers"),
// checked over a set of source texts so that a test can inject one forbidden line and see it caught.

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** A source tree: each file's path from the repository root, and its text. */
export type SourceTree = ReadonlyMap<string, string>;

const TRANSPORT_FOLDERS = ['game-server/transport/http/', 'game-server/transport/rooms/', 'game-server/jobs/'];
/** Transport that answers requests and sockets: it hands writes to the pipeline, it writes nothing itself. */
const REQUEST_TRANSPORT = ['game-server/transport/http/', 'game-server/transport/rooms/'];
// Every other folder of game-server/ holds services (and the composition root's files sit beside
// them): a new folder is a service folder until the design says otherwise.
const NOT_SERVICES = [...TRANSPORT_FOLDERS, 'game-server/testing/'];
const TRANSPORT_PACKAGES = /^(express|@colyseus\/|ws$|node-cron)/;
/** The only packages schema/ may use: it is shared with the browser and holds no I/O. */
const SCHEMA_PACKAGES = /^(zod|@colyseus\/schema)(\/|$)/;
/** Where the clock and the environment may be read: the composition root, and the `npm run migrate`, `backup` and `restore` entries. */
const COMPOSITION_ROOT = [
  'game-server/main.ts',
  'game-server/config.ts',
  'game-server/server.ts',
  'game-server/migrate-cli.ts',
  'game-server/backup-cli.ts',
  'game-server/restore-cli.ts',
];
const AMBIENT_READS = /Date\.now\(\)|new Date\(\)|process\.env/;
/** The composition root's entries: they put the layers together, so nothing imports them. */
const ENTRIES = COMPOSITION_ROOT.filter((file) => file !== 'game-server/config.ts');

/**
 * game-server's layers, lowest first (docs/design.md "Layers"): a file imports its own layer and
 * those below, never one above. Jobs and transport both call commands and stand side by side.
 * The files at the top of game-server/ belong to no layer: the composition root, and config.ts and
 * errors.ts, which every layer may import.
 */
const LAYERS: readonly (readonly [folder: string, rank: number])[] = [
  ['game-server/infra/', 0],
  ['game-server/domain/', 1],
  ['game-server/commands/', 2],
  ['game-server/jobs/', 3],
  ['game-server/transport/', 3],
];
const layerOf = (file: string) => LAYERS.find(([folder]) => file.startsWith(folder));
/** Rules in schema/ are pure: no clock, no randomness, no network, no timers, no environment. */
const IMPURE_IN_SCHEMA =
  /process\.env|Math\.random|Date\.now|new Date\(\)|performance\.now|crypto\.|randomUUID|getRandomValues|\bfetch\(|XMLHttpRequest|new WebSocket|\bset(Timeout|Interval|Immediate)\(/;

/** Opening a transaction, emitting an event, and writing a row, as this code base spells them. */
// `inSnapshot` is not among them: its snapshot is read only, and a write inside it fails.
const OPENS_TRANSACTION = /\b(inTransaction|transaction)\(|\b(sql|tx|deps\.sql|this\.sql)\.begin\(/;
const EMITS = /\bemit\(/;
const WRITES_ROWS = /`[^`]*\b(insert\s+into|update\s+[a-z_]+\s+set|delete\s+from)\b/i;
/** Where transactions are opened and events emitted: the command pipeline, the jobs, and the modules that define the two. */
const MAY_OPEN_AND_EMIT = ['game-server/commands/', 'game-server/jobs/', 'game-server/infra/db/', 'game-server/infra/events/'];

/**
 * A service writes on the transaction it was handed, never on the pool. Checked on the syntax tree
 * of each file of domain/, not by running it: a write statement (a tagged template or `.unsafe()`
 * whose text inserts, updates or deletes) must be issued on a name that is declared as
 *   - a parameter or variable typed `Tx` (`Queryable` and `Sql` may be the pool, so they are not),
 *   - the `tx` of a `Work` (`{ tx }: Work`, `{ tx: alias }: Work`, `work.tx`),
 *   - or an untyped callback parameter named `tx`, whose type the transaction it is called with gives.
 * `deps.sql`, `this.sql`, a module's own connection and anything else is the pool, or may be. The
 * type checker does the rest: a function that takes `Tx` cannot be handed the pool (postgres.js's
 * `Sql` lacks a transaction's `savepoint`), so every caller up to the pipeline or the job passes its
 * transaction. A runtime guard (isTransaction() on every write) would see only the paths tests run;
 * this sees every write in the tree at once, and its one convention (a callback's `tx`) is what the
 * code already spells. infra/ is held to a rule of its own: it writes only the machinery's own
 * tables (INFRA_TABLES below), never a player's rows, on runs the jobs and the composition root drive.
 */
const SERVICES = 'game-server/domain/';
const INFRA = 'game-server/infra/';
const WRITE_STATEMENT = /\b(insert\s+into|update\s+[a-z_]+\s+set|delete\s+from)\b/i;

/** Where `name` is declared, seen from `node`: the nearest enclosing parameter, destructured field or variable. */
function declarationOf(node: ts.Node, name: string): ts.ParameterDeclaration | ts.BindingElement | ts.VariableDeclaration | null {
  for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      for (const parameter of scope.parameters) {
        if (ts.isIdentifier(parameter.name) && parameter.name.text === name) return parameter;
        if (ts.isObjectBindingPattern(parameter.name)) {
          const field = parameter.name.elements.find((element) => ts.isIdentifier(element.name) && element.name.text === name);
          if (field) return field;
        }
      }
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        const found = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
        if (found) return found;
      }
    }
  }
  return null;
}

/** Typed as `type`, alone or with more beside it (`Work & { actor: Actor }`), never as one of a union that may be the pool. */
const typedAs = (declaration: { type?: ts.TypeNode }, type: string) =>
  declaration.type !== undefined && new RegExp(`^${type}(\\s*&|$)`).test(declaration.type.getText());

/** Whether the expression a statement is issued on is the transaction the service was handed (see above). */
function isHandedTransaction(on: ts.Expression): boolean {
  if (ts.isIdentifier(on)) {
    const declaration = declarationOf(on, on.text);
    if (!declaration) return false;
    if (ts.isBindingElement(declaration)) {
      const field = (declaration.propertyName ?? declaration.name).getText();
      const parameter = declaration.parent.parent;
      return field === 'tx' && ts.isParameter(parameter) && (parameter.type === undefined || typedAs(parameter, 'Work'));
    }
    if (declaration.type) return typedAs(declaration, 'Tx');
    return on.text === 'tx' && ts.isParameter(declaration);
  }
  if (ts.isPropertyAccessExpression(on) && on.name.text === 'tx' && ts.isIdentifier(on.expression)) {
    const declaration = declarationOf(on, on.expression.text);
    return declaration !== null && ts.isParameter(declaration) && typedAs(declaration, 'Work');
  }
  return false;
}

/** One statement that writes rows: where it stands, what it is issued on, and the tables it writes. */
interface WriteStatement {
  line: number;
  on: ts.Expression;
  tables: string[];
}

const WRITTEN_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)/gi;
const parsed = new Map<string, WriteStatement[]>();

/** The statements of a file that write rows: tagged templates and `.unsafe()` calls whose text inserts, updates or deletes. */
function writeStatements(file: string, text: string): WriteStatement[] {
  if (!WRITE_STATEMENT.test(text)) return [];
  const key = `${file}\0${text}`;
  if (parsed.has(key)) return parsed.get(key)!;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: WriteStatement[] = [];
  const visit = (node: ts.Node) => {
    let on: ts.Expression | undefined;
    let statement = '';
    if (ts.isTaggedTemplateExpression(node)) {
      on = node.tag;
      const template = node.template;
      statement = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'unsafe') {
      on = node.expression.expression;
      statement = node.arguments.map((argument) => (ts.isStringLiteralLike(argument) ? argument.text : '')).join(' ');
    }
    if (on && WRITE_STATEMENT.test(statement)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ line, on, tables: [...statement.matchAll(WRITTEN_TABLE)].map((match) => match[1]!.toLowerCase()) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(key, found);
  return found;
}

/** The write statements of a service file that are issued on something other than its handed transaction. */
export function poolWrites(file: string, text: string): string[] {
  return writeStatements(file, text)
    .filter(({ on }) => !isHandedTransaction(on))
    .map(
      ({ line, on }) =>
        `${file}:${line}: a service writes on the transaction it was handed (Tx, Work's tx), never on \`${on.getText()}\`, which may be the pool`,
    );
}

/**
 * The only tables infra/ writes, each with who drives the write: the machinery's own, never a
 * player's rows, which is why its writes are not held to the services' rule above.
 */
export const INFRA_TABLES: Record<string, string> = {
  schema_migrations: 'the migrations record what they applied, in the transaction that applied it (`npm run migrate`, start-up)',
  outbox:
    "emit appends to it in the command's or job's transaction; the relay prunes, on a timer of its own, events past a day old and outside the newest 10,000",
  outbox_counter: "emit numbers the events in the command's or job's transaction",
  backup_runs: "the backup job claims its slot and records the copy's outcome around a dump that takes minutes outside any transaction",
  rate_limits: 'every request counts against its limits, reads included, and the rate-limit-sweep job deletes the spent counters',
};

/** The write statements of an infra/ file that touch a table infra/ does not own. */
export function infraWrites(file: string, text: string): string[] {
  return writeStatements(file, text).flatMap(({ line, tables }) =>
    tables
      .filter((table) => !(table in INFRA_TABLES))
      .map((table) => `${file}:${line}: infra/ writes only its own tables (INFRA_TABLES), not ${table}: a command or a job does`),
  );
}

/**
 * The writes that are not commands, each with why (schema/commands/index.ts says the same):
 * registration, login and logout make or end the session every command is acted under, so they
 * cannot be sent as one; the payment provider's webhook acts for nobody, its signature is its
 * permission; an API key's use is authentication's, as a login's is; start-up runs before anyone
 * can send a command.
 */
export const NOT_COMMANDS: Record<string, string> = {
  'game-server/transport/http/routes/auth.ts':
    'logout ends the session in a transaction of its own: no command can be acted under a session it ends',
  'game-server/domain/auth/sessions.ts': 'a session that ends tells the rooms to close its sockets, from the logout or login that ended it',
  'game-server/domain/auth/accounts.ts':
    'registration and login make the session every command is acted under, each in a transaction of its own',
  'game-server/domain/auth/api-key-use.ts':
    'a key is resolved on every request it authenticates, reads included, which run no command: its last use is marked there, at most once a minute',
  'game-server/domain/seed/seed.ts':
    'start-up seeds the accounts and the world before anyone can send a command, in one transaction under an advisory lock',
  'game-server/domain/names/skeleton-backfill.ts':
    'start-up gives accounts made before name skeletons existed theirs, before the process serves anyone, a statement per account',
};

/**
 * Writes the payment provider drives, each with why it opens its own transactions: a call to the
 * provider (a network round trip that may take seconds or fail) is never made inside a transaction,
 * and what the provider reports must commit on its own, whoever asked.
 */
export const PROVIDER_DRIVEN: Record<string, string> = {
  'game-server/domain/payments/fulfilment.ts':
    "a payment's outcome (the webhook, the provider's record when the webhook is late, the sandbox's confirmation) is settled in its own transaction, with the DRK it mints and the event that shows it",
  'game-server/domain/payments/checkout.ts':
    'the payment is recorded in a short transaction after the provider has opened it, so a webhook that arrives later finds it',
  'game-server/domain/payments/abandoned-checkouts.ts':
    'checkouts are given up only after the provider was asked about each one, outside any transaction',
  'game-server/domain/payments/cancel-checkout.ts':
    'a checkout is marked canceled only once the provider has stopped it, a call made outside any transaction; the mark takes a payment still pending, so a settlement meanwhile stands',
};

export interface ImportEdge {
  from: string;
  specifier: string;
  /** The imported file relative to the root, for imports of our own files. */
  target: string | null;
  /** `type`: erased when compiled; `dynamic`: loaded later, when the code asks for it. */
  kind?: 'static' | 'type' | 'dynamic';
}

function sourceFiles(folder: string): string[] {
  const full = join(ROOT, folder);
  return readdirSync(full).flatMap((name) => {
    const path = join(full, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(relative(ROOT, path));
    return /\.(ts|tsx|mts)$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

/** The checked tree as it is on disk: schema/, game-server/ and client/, tests left out. */
export function readTree(): Map<string, string> {
  const files = ['schema', 'game-server', 'client'].flatMap(sourceFiles).filter((file) => !/\.test\.tsx?$/.test(file));
  return new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
}

const targetOf = (from: string, specifier: string) => (specifier.startsWith('.') ? normalize(join(dirname(from), specifier)) : null);

/** Static imports, re-exports, side-effect imports, and dynamic imports of a literal or a plain template string. */
export function importsOf(file: string, text: string): ImportEdge[] {
  const pattern =
    /(?:import|export)\s([^'"`]*?)from\s*['"]([^'"]+)['"]|import\s*\(\s*(?:['"]([^'"]+)['"]|`([^`$]+)`)\s*\)|import\s+['"]([^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((match) => {
    const specifier = match[2] ?? match[3] ?? match[4] ?? match[5]!;
    const kind = match[2] !== undefined ? (/^type\s/.test(match[1]!) ? 'type' : 'static') : match[5] !== undefined ? 'static' : 'dynamic';
    return { from: file, specifier, target: targetOf(file, specifier), kind };
  });
}

/** A dynamic import whose specifier is computed cannot be checked against the edges: refused. */
const COMPUTED_IMPORT = /import\s*\(\s*(?!['"]|`[^`$]*`\s*\))/;

const isServiceFile = (file: string) =>
  file.startsWith('game-server/') && file.split('/').length > 2 && !NOT_SERVICES.some((folder) => file.startsWith(folder));

/** Test support is test code: a folder named testing/, or a file made for tests. */
export const isTestSupport = (file: string) => file.split('/').includes('testing') || /(^|\/)test-[^/]+\.ts$/.test(file);

export function edgeViolation(edge: ImportEdge): string | null {
  const { from, target, specifier } = edge;
  const inside = (folder: string) => target !== null && target.startsWith(folder);
  if (from.startsWith('schema/') && target !== null && !target.startsWith('schema/')) return 'schema/ imports nothing of ours';
  if (from.startsWith('schema/') && target === null && (specifier.startsWith('node:') || !SCHEMA_PACKAGES.test(specifier))) {
    return 'schema/ uses only zod and @colyseus/schema';
  }
  if (from.startsWith('client/') && target !== null && !inside('client/') && !inside('schema/'))
    return 'client/ imports only client/ and schema/';
  if (from.startsWith('game-server/') && target !== null && !inside('game-server/') && !inside('schema/') && !inside('migrations/')) {
    return 'game-server/ imports only game-server/ and schema/';
  }
  if (target !== null && !isTestSupport(from) && isTestSupport(target)) return 'only tests import test support';
  if (target !== null && ENTRIES.includes(target) && !COMPOSITION_ROOT.includes(from) && !isTestSupport(from)) {
    return "only the composition root and tests import the composition root's entries";
  }
  const [fromLayer, toLayer] = [layerOf(from), target === null ? undefined : layerOf(target)];
  if (fromLayer && toLayer && toLayer[1] > fromLayer[1]) return `${fromLayer[0]} does not import ${toLayer[0]}: nothing imports upward`;
  if (isServiceFile(from)) {
    if (TRANSPORT_PACKAGES.test(specifier)) return 'services import neither Express nor Colyseus';
    if (TRANSPORT_FOLDERS.some(inside)) return 'services do not import transport code';
  }
  if (from.startsWith('game-server/') && specifier.startsWith('react')) return 'the server imports no client library';
  return null;
}

/** What a file's text does that its layer may not, beyond its imports. */
export function textViolations(file: string, text: string): string[] {
  const found: string[] = [];
  const tests = isTestSupport(file);
  if (file.startsWith('schema/') && IMPURE_IN_SCHEMA.test(text))
    found.push(`${file}: schema/ reads no clock, randomness, network or timer`);
  if (
    !tests &&
    !file.startsWith('schema/') &&
    !COMPOSITION_ROOT.includes(file) &&
    file.startsWith('game-server/') &&
    AMBIENT_READS.test(text)
  ) {
    found.push(`${file}: only the composition root reads the clock and the environment`);
  }
  if (COMPUTED_IMPORT.test(text)) found.push(`${file}: a dynamic import names its module literally, so its edge can be checked`);
  if (file in NOT_COMMANDS || file in PROVIDER_DRIVEN) return found;
  if (!tests && REQUEST_TRANSPORT.some((folder) => file.startsWith(folder))) {
    if (WRITES_ROWS.test(text)) found.push(`${file}: transport writes no row: a write is a command`);
    if (OPENS_TRANSACTION.test(text)) found.push(`${file}: transport opens no transaction: the pipeline does`);
    if (EMITS.test(text)) found.push(`${file}: transport emits no event: the pipeline does`);
  }
  if (!tests && isServiceFile(file) && !MAY_OPEN_AND_EMIT.some((folder) => file.startsWith(folder))) {
    if (OPENS_TRANSACTION.test(text)) found.push(`${file}: a service takes a transaction, it never opens one`);
    if (EMITS.test(text)) found.push(`${file}: a service never emits: its command or job does`);
  }
  if (!tests && file.startsWith(SERVICES)) found.push(...poolWrites(file, text));
  if (!tests && file.startsWith(INFRA)) found.push(...infraWrites(file, text));
  return found;
}

/** game-server/'s layers that are folders of folders: cycles are looked for between the folders inside them. */
const LAYER_FOLDERS = ['domain', 'infra', 'transport'];

/**
 * The folder a file belongs to for the cycle check: game-server's and client's folders one level
 * down (game-server/domain/economy, client/hud), schema's sub-folders, test support on its own. Files at
 * the top of game-server/ (errors.ts, config.ts, ...) are each their own node.
 */
export function folderOf(file: string): string {
  const parts = file.split('/');
  const testing = parts.indexOf('testing');
  if (testing >= 0) return parts.slice(0, testing + 1).join('/');
  const depth = parts[0] === 'game-server' && LAYER_FOLDERS.includes(parts[1]!) ? 3 : 2;
  return parts.length <= depth ? file : parts.slice(0, depth).join('/');
}

/** Strongly connected components of more than one node (Tarjan), each with one edge per link as evidence. */
function cyclesOf(graph: Map<string, Map<string, string>>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length < 2) return;
    const evidence = component.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => component.includes(b)).map(([, edge]) => edge));
    cycles.push(`${component.sort().join(' <-> ')}: ${evidence.sort().join('; ')}`);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function graphOf(edges: readonly ImportEdge[], nodeOf: (file: string) => string, keep: (from: string, to: string) => boolean) {
  const graph = new Map<string, Map<string, string>>();
  for (const { from, target, specifier } of edges) {
    if (target === null) continue;
    const a = nodeOf(from);
    const b = nodeOf(target);
    if (a === b || !keep(from, target)) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, `${from} -> ${specifier}`);
  }
  return graph;
}

/** Every cycle between folders. */
export function folderCycles(edges: readonly ImportEdge[]): string[] {
  return cyclesOf(graphOf(edges, folderOf, () => true));
}

/**
 * Every cycle between files of one folder. Type-only imports are erased when compiled, and a
 * dynamic import loads its module after both are evaluated (client/state/world.ts connects the
 * room that way): neither makes an order in which modules must be loaded, so neither counts.
 */
export function fileCycles(edges: readonly ImportEdge[]): string[] {
  const withExtension = (file: string) => (/\.(ts|tsx|mts)$/.test(file) ? file : `${file}.ts`);
  const resolved = edges
    .filter((edge) => (edge.kind ?? 'static') === 'static')
    .map((edge) => ({ ...edge, target: edge.target && withExtension(edge.target) }));
  return cyclesOf(
    graphOf(
      resolved,
      (file) => file,
      (from, to) => dirname(from) === dirname(to),
    ),
  );
}

/** Everything forbidden in the tree: import edges, layer texts, cycles between folders and within one. */
export function findViolations(tree: SourceTree): string[] {
  const edges = [...tree].flatMap(([file, text]) => importsOf(file, text));
  return [
    ...edges.flatMap((edge) => {
      const rule = edgeViolation(edge);
      return rule ? [`${edge.from} -> ${edge.specifier}: ${rule}`] : [];
    }),
    ...[...tree].flatMap(([file, text]) => textViolations(file, text)),
    ...folderCycles(edges).map((cycle) => `cycle between folders: ${cycle}`),
    ...fileCycles(edges).map((cycle) => `cycle within a folder: ${cycle}`),
  ];
}
