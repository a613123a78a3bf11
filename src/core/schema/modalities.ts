/**
 * What a model takes in or gives out besides text (models.dev's `modalities` names; pdf is read as
 * image). Apart from the record's schema, which is built on the unit registry that reads it.
 */
export const MODALITIES = ['text', 'image', 'audio', 'video'] as const;
export type Modality = (typeof MODALITIES)[number];
