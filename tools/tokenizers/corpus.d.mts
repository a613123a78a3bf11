/** Types of corpus.mjs, for the service's test that reads the corpus (tsconfig does not check .mjs). */
export declare const CORPUS_DIR: string;
export declare function characters(text: string): number;
export interface Passage {
  kind: string;
  name: string;
  text: string;
}
export declare function readCorpus(dir?: string): Passage[];
export declare function corpusHash(passages: readonly Passage[]): string;
