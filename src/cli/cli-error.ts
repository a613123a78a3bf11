/** Bad command-line input (an unknown command or option, a missing value): exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}
