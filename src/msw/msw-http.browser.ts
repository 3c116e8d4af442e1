import { http } from 'msw';

/**
 * msw's `http` handler factory in a browser bundle (the package's `browser` map puts this file in
 * place of `msw-http.ts`, which loads msw on first use through Node's `require`): a bundler
 * resolves this import statically, as it must for `setupWorker`.
 *
 * @example
 * const handler = mswHttp().post('http://gw.test/api/v1/responses', resolver);
 */
export function mswHttp(): typeof http {
  return http;
}
