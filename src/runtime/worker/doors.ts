/** The door data (data/offers/) built into the Worker's script, as the Node loader reads it from disk. */
import type { DoorData } from '../../core/offers/book.js';
import sellers from '../../../data/offers/sellers.json';
import alibaba from '../../../data/offers/alibaba.json';
import amazon from '../../../data/offers/amazon.json';
import anthropic from '../../../data/offers/anthropic.json';
import cohere from '../../../data/offers/cohere.json';
import deepseek from '../../../data/offers/deepseek.json';
import google from '../../../data/offers/google.json';
import minimax from '../../../data/offers/minimax.json';
import mistral from '../../../data/offers/mistral.json';
import moonshot from '../../../data/offers/moonshot.json';
import nvidia from '../../../data/offers/nvidia.json';
import openai from '../../../data/offers/openai.json';
import together from '../../../data/offers/together.json';
import xai from '../../../data/offers/xai.json';
import zhipu from '../../../data/offers/zhipu.json';

export const doorData = (): DoorData => ({
  sellers,
  files: [
    alibaba,
    amazon,
    anthropic,
    cohere,
    deepseek,
    google,
    minimax,
    mistral,
    moonshot,
    nvidia,
    openai,
    together,
    xai,
    zhipu,
  ],
});
