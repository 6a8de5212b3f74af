// The ApiError a call fails with; any other error, or none, fails the test.
import { ApiError } from '../../electron/api';

export async function apiFailure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the call succeeded');
}
