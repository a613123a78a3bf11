import { describe, expect, it } from 'vitest';
import { ApiError, ClientError } from '../../src/http/errors.js';
import { InvalidParam } from '../../src/http/params.js';

describe('client errors', () => {
  it('are Errors with their message, made without a stack trace', () => {
    for (const error of [new ApiError(400, 'invalid_parameter', 'limit is wrong', { param: 'limit' }), new InvalidParam('must be a number')]) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(ClientError);
      // Only the first line (name and message): no "    at …" frames.
      expect(error.stack?.split('\n')).toHaveLength(1);
      expect(error.stack).toContain(error.message);
    }
    expect(new ApiError(404, 'not_found', 'x').name).toBe('ApiError');
  });

  it('leave stack traces of every other error as they were', () => {
    const limit = Error.stackTraceLimit;
    void new ApiError(400, 'invalid_parameter', 'x');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('a bug').stack?.split('\n').length).toBeGreaterThan(1);
  });
});
