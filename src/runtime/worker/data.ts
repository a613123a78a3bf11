/**
 * The data/ files built into the Worker's script (there is no file system at the edge), as the Node
 * loader reads them from disk.
 */
import type { DoorData } from '../../core/offers/book.js';
import benchmarks from '../../../data/quality/benchmarks.json';
import sellers from '../../../data/offers/sellers.json';
import alibaba from '../../../data/alibaba.json';
import alibabaDoors from '../../../data/offers/alibaba.json';
import amazon from '../../../data/amazon.json';
import amazonDoors from '../../../data/offers/amazon.json';
import anthropic from '../../../data/anthropic.json';
import anthropicDoors from '../../../data/offers/anthropic.json';
import cohere from '../../../data/cohere.json';
import cohereDoors from '../../../data/offers/cohere.json';
import deepseek from '../../../data/deepseek.json';
import deepseekDoors from '../../../data/offers/deepseek.json';
import google from '../../../data/google.json';
import googleDoors from '../../../data/offers/google.json';
import minimax from '../../../data/minimax.json';
import minimaxDoors from '../../../data/offers/minimax.json';
import mistral from '../../../data/mistral.json';
import mistralDoors from '../../../data/offers/mistral.json';
import moonshot from '../../../data/moonshot.json';
import moonshotDoors from '../../../data/offers/moonshot.json';
import nvidia from '../../../data/nvidia.json';
import nvidiaDoors from '../../../data/offers/nvidia.json';
import openai from '../../../data/openai.json';
import openaiDoors from '../../../data/offers/openai.json';
import together from '../../../data/together.json';
import togetherDoors from '../../../data/offers/together.json';
import xai from '../../../data/xai.json';
import xaiDoors from '../../../data/offers/xai.json';
import zhipu from '../../../data/zhipu.json';
import zhipuDoors from '../../../data/offers/zhipu.json';

// Each maker's file and its doors' file, in the same (sorted) order as the Node loader reads data/;
// the contract tests compare the whole catalogue the Worker serves with the one Node serves.
const makers = {
  alibaba: [alibaba, alibabaDoors],
  amazon: [amazon, amazonDoors],
  anthropic: [anthropic, anthropicDoors],
  cohere: [cohere, cohereDoors],
  deepseek: [deepseek, deepseekDoors],
  google: [google, googleDoors],
  minimax: [minimax, minimaxDoors],
  mistral: [mistral, mistralDoors],
  moonshot: [moonshot, moonshotDoors],
  nvidia: [nvidia, nvidiaDoors],
  openai: [openai, openaiDoors],
  together: [together, togetherDoors],
  xai: [xai, xaiDoors],
  zhipu: [zhipu, zhipuDoors],
} as const;

/** The makers' files, as buildCatalogue takes them. */
export const makerFiles = Object.entries(makers).map(([name, [data]]) => ({ file: `data/${name}.json`, data }));

export const benchmarkFile = { file: 'data/quality/benchmarks.json', data: benchmarks };

export const doorData = (): DoorData => ({ sellers, files: Object.values(makers).map(([, doors]) => doors) });
