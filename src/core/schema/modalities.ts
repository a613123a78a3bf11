/**
 * What a model takes in or gives out besides text (models.dev's `modalities` names; pdf is read as
 * image): the one list of them. Its own file because the unit registry reads it and the record's
 * schema is built on the units.
 */
export const MODALITIES = ['text', 'image', 'audio', 'video'] as const;
export type Modality = (typeof MODALITIES)[number];
