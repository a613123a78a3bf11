/** Command-line arguments → the query an endpoint reads: `--input-tokens 2000` is `input_tokens=2000`. */
import { CliError } from './cli-error.js';

export interface ParsedArgs {
  /** Words that are not options (model ids). */
  positionals: string[];
  /** Options as query parameters: snake_case names, text values, in the order given. */
  query: Array<[string, string]>;
  json: boolean;
  help: boolean;
}

/** Options that take no value. */
const FLAGS = new Set(['json', 'help']);

/** What a bare boolean option (`--frontier`) reads as; `--frontier false` still says no. */
const BOOLEAN_VALUES = new Set(['true', 'false', '1', '0', 'yes', 'no']);

/**
 * `booleans`: the on/off options of the command (the API's true/false parameters): given bare
 * (`--frontier`, or before another option) they mean true; a following true/false word is their value.
 */
export function parseArgs(argv: readonly string[], booleans: ReadonlySet<string> = new Set()): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], query: [], json: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h') {
      parsed.help = true;
      continue;
    }
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg))
        throw new CliError(`unknown option ${arg}; options are spelled --name value`);
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = (eq === -1 ? arg.slice(2) : arg.slice(2, eq)).replaceAll('-', '_');
    if (FLAGS.has(name)) {
      if (eq !== -1) throw new CliError(`--${name} takes no value`);
      parsed[name as 'json' | 'help'] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (booleans.has(name)) {
      const next = argv[i + 1];
      if (next !== undefined && BOOLEAN_VALUES.has(next.toLowerCase())) {
        value = next;
        i++;
      } else value = 'true';
    } else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new CliError(`--${toOption(name)} needs a value`);
      i++;
    }
    parsed.query.push([name, value]);
  }
  return parsed;
}

/** The option spelling of a query parameter: input_tokens → input-tokens. */
export function toOption(param: string): string {
  return param.replaceAll('_', '-');
}
