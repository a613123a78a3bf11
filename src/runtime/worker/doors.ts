/** The door data (data/offers/) built into the Worker's script, as the Node loader reads it from disk. */
import type { DoorData } from '../../core/offers/book.js';
import sellers from '../../../data/offers/sellers.json';
import alibaba from '../../../data/offers/alibaba.json';
import amazon from '../../../data/offers/amazon.json';
import anthropic from '../../../data/offers/anthropic.json';
import cohere from '../../../data/offers/cohere.json';
import deepseek from '../../../data/offers/deepseek.json';
import google from '../../../data/offers/google.json';
import mistral from '../../../data/offers/mistral.json';
import openai from '../../../data/offers/openai.json';
import together from '../../../data/offers/together.json';
import xai from '../../../data/offers/xai.json';

export const doorData = (): DoorData => ({ sellers, files: [alibaba, amazon, anthropic, cohere, deepseek, google, mistral, openai, together, xai] });
