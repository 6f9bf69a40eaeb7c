import { Box, Button, Field, HStack, IconButton, Image, Input, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuTrash2, LuX } from 'react-icons/lu';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type IncidentPhoto } from '@/contract/incidents';
import { notify } from '@/lib/notify';
import { incidentsClient } from './client';

const MB = PHOTO_MAX_BYTES / 1024 / 1024;

/** A blob as a data URL (thumbnails are small; nothing to revoke). */
const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('The photo could not be read'));
    r.readAsDataURL(blob);
  });

/** What the browser can tell before sending: an image type and the size limit (the server checks the content). */
export function photoProblem(file: File): string | null {
  if (file.size > PHOTO_MAX_BYTES) return `${file.name} is larger than ${MB} MB.`;
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a JPEG, PNG or WebP photo.`;
  return null;
}

function Thumb({ incidentId, photo, n, onRemove }: ThumbProps) {
  const thumb = useQuery({
    queryKey: ['incident-photo', photo.id, 'thumb'],
    queryFn: async ({ signal }) => dataUrl(await incidentsClient.photo(incidentId, photo.id, 'thumb', signal)),
    staleTime: Infinity,
  });
  const url = thumb.data;
  const openFull = async () => {
    const blob = await incidentsClient.photo(incidentId, photo.id, 'full');
    const u = URL.createObjectURL(blob);
    window.open(u, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(u), 60_000);
  };
  return (
    <Box position="relative" borderWidth="1px" rounded="md" overflow="hidden" bg="bg.muted">
      {url ? (
        <button type="button" onClick={() => void openFull()} aria-label={`Open photo ${n}`} style={{ width: '100%' }}>
          <Image src={url} alt={`Photo ${n}`} w="full" h="24" objectFit="cover" />
        </button>
      ) : (
        <Skeleton h="24" />
      )}
      {onRemove && (
        <IconButton
          aria-label={`Delete photo ${n}`}
          size="xs"
          variant="solid"
          colorPalette="red"
          position="absolute"
          top="1"
          right="1"
          onClick={onRemove}
        >
          <LuTrash2 />
        </IconButton>
      )}
    </Box>
  );
}
interface ThumbProps {
  incidentId: string;
  photo: IncidentPhoto;
  n: number;
  onRemove?: () => void;
}

interface PhotosProps {
  incidentId: string | null;
  photos: IncidentPhoto[];
  /** Files chosen but not yet sent (they go up when the form is saved). */
  pending: File[];
  onPending: (files: File[]) => void;
  /** After a photo was deleted on the server. */
  onRemoved: () => void;
  disabled?: boolean;
}

/**
 * The incident's photos: thumbnails (click for the full photo), delete, and a file input that on
 * a phone offers the camera (`accept="image/*"`). Chosen files are sent when the form is saved.
 */
export function Photos({ incidentId, photos, pending, onPending, onRemoved, disabled }: PhotosProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const add = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const bad = files.map(photoProblem).filter(Boolean);
    setProblem(bad.length ? bad.join(' ') : null);
    onPending([...pending, ...files.filter((f) => !photoProblem(f))]);
    setKey((k) => k + 1);
  };
  const remove = async (photoId: string) => {
    if (!incidentId) return;
    try {
      await incidentsClient.removePhoto(incidentId, photoId);
      notify({ message: 'Photo deleted.', tone: 'success' });
      onRemoved();
    } catch (e) {
      notify({ title: 'Photo not deleted', message: (e as Error).message, tone: 'danger' });
    }
  };
  return (
    <Box>
      <Text fontWeight="semibold" mb="2">
        Photos
      </Text>
      {photos.length > 0 && incidentId && (
        <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" mb="3">
          {photos.map((p, i) => (
            <Thumb
              key={p.id}
              incidentId={incidentId}
              photo={p}
              n={i + 1}
              onRemove={disabled ? undefined : () => void remove(p.id)}
            />
          ))}
        </SimpleGrid>
      )}
      {pending.length > 0 && (
        <Box mb="2">
          {pending.map((f, i) => (
            <HStack key={`${f.name}-${i}`} gap="2" fontSize="sm">
              <Text flex="1" truncate>
                {f.name} ({Math.ceil(f.size / 1024)} KB) — sent when you save
              </Text>
              <Button
                size="2xs"
                variant="ghost"
                aria-label={`Do not add ${f.name}`}
                onClick={() => onPending(pending.filter((_, j) => j !== i))}
              >
                <LuX />
              </Button>
            </HStack>
          ))}
        </Box>
      )}
      {!disabled && (
        <Field.Root invalid={!!problem}>
          <Field.Label>Add photos</Field.Label>
          <Input key={key} type="file" accept="image/*" multiple p="1" onChange={(e) => add(e.target.files)} />
          {!problem && (
            <Field.HelperText>JPEG, PNG or WebP up to {MB} MB; on a phone, take one with the camera.</Field.HelperText>
          )}
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
      )}
    </Box>
  );
}
