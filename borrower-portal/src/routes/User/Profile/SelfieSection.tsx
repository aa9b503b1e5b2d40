import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@lending/web-common/http';
import { documentObjectUrl, getSection, saveSection, uploadDocument, type Section, type UploadedDocument } from '../../../api/profile';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { useToast } from '../../../shell/Toasts';
import { FormAlert } from '../../Auth/forms';
import { SectionStatusNote } from './SectionStatusNote';
import { UploadField } from './UploadField';
import { useSectionSaved, useUploadRefused } from './section-saved';

/** The camera's frame as a JPEG, at least 480×480 (the server refuses smaller). */
async function capture(video: HTMLVideoElement): Promise<Blob> {
  // Before the first frame the video has no size, and the canvas would be an empty (black) square.
  if (video.videoWidth === 0 || video.videoHeight === 0)
    throw new Error('The camera is not showing a picture yet; wait a moment and try again.');
  const side = Math.max(480, Math.min(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const sx = (video.videoWidth - Math.min(video.videoWidth, video.videoHeight)) / 2;
  const sy = (video.videoHeight - Math.min(video.videoWidth, video.videoHeight)) / 2;
  const crop = Math.min(video.videoWidth, video.videoHeight);
  canvas.getContext('2d')!.drawImage(video, sx, sy, crop, crop, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be taken.'))), 'image/jpeg', 0.9),
  );
}

/** /User/Profile/Selfie: a photo taken with the camera (getUserMedia), or uploaded when there is no camera. */
export default function SelfieSection() {
  const section = useAsync((signal) => getSection('selfie', signal), []);
  if (section.error) return <ErrorView status={section.error.status} detail={section.error.message} />;
  if (!section.data) return <Loading />;
  return <Selfie initial={section.data} />;
}

function Selfie({ initial }: { initial: Section }) {
  const [section, setSection] = useState(initial);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  /** The preview shows a picture (its first frame has arrived): only then can a photo be taken. */
  const [showing, setShowing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const toast = useToast();
  const sectionSaved = useSectionSaved();
  const uploadRefused = useUploadRefused();
  // A photo just refused: the page does not say "saved" beside it.
  const [refused, setRefused] = useState(false);
  useEffect(() => uploadRefused(refused), [refused, uploadRefused]);
  const documentId = section.data?.documentId as string | undefined;

  useEffect(() => {
    if (!documentId) return;
    let url: string | null = null;
    documentObjectUrl(documentId).then(
      (u) => setPreview((url = u)),
      () => setPreview(null),
    );
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId]);
  useEffect(() => {
    setShowing(false);
    if (video.current && camera) video.current.srcObject = camera;
    return () => camera?.getTracks().forEach((t) => t.stop());
  }, [camera]);

  const use = async (document: UploadedDocument) => {
    setSection(await saveSection('selfie', { documentId: document.id }));
    sectionSaved();
    toast.success('Selfie saved.');
  };
  const attempt = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));
    }
  };
  const openCamera = () =>
    attempt(async () =>
      setCamera(
        await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 720 }, height: { ideal: 720 }, facingMode: 'user' } }),
      ),
    );
  const takePhoto = () =>
    attempt(async () => {
      const photo = await capture(video.current!);
      setCamera(null);
      await use(await uploadDocument('selfie', photo, 'selfie.jpg'));
    });

  return (
    <section className="card narrow" aria-labelledby="selfie-heading">
      <h2 id="selfie-heading">Selfie</h2>
      <p className="muted">A clear photo of your face confirms that it is you applying.</p>
      <SectionStatusNote section={section} refused={refused ? ['photo'] : []} />
      <FormAlert message={error} />
      {preview && !camera ? <img className="selfie-preview" src={preview} alt="Your saved selfie" width={240} height={240} /> : null}
      {camera ? (
        <div className="selfie-camera">
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label="Camera preview"
            width={320}
            height={320}
            onLoadedData={() => setShowing(true)}
          />
          <button className="button button--primary" type="button" onClick={() => void takePhoto()} disabled={!showing}>
            {showing ? 'Take photo' : 'Starting the camera…'}
          </button>
        </div>
      ) : (
        <button
          className="button button--primary"
          type="button"
          onClick={() => void openCamera()}
          disabled={!navigator.mediaDevices?.getUserMedia}
        >
          Use camera
        </button>
      )}
      <UploadField
        kind="selfie"
        label="Or upload a photo (JPEG or PNG, at most 2 MB, at least 480×480)"
        accept="image/jpeg,image/png"
        hint="A clear photo of your face, square if you can"
        onUploaded={(d) => void attempt(() => use(d))}
        onRefused={setRefused}
      />
    </section>
  );
}
