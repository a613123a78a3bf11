/** The API contract on Node: the app in-process, with the real catalogue (data/). */
import { beforeAll, describe } from 'vitest';
import { contractTests, type ContractFetch } from './contract-suite.js';
import { nodeFetch, webAssets } from './node-app.js';

describe('API contract on Node', () => {
  let fetch: ContractFetch;
  beforeAll(async () => {
    fetch = nodeFetch(await webAssets());
  });
  contractTests(() => fetch);
});
