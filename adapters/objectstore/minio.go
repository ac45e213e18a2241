package objectstore

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"ngern/core/errs"
	"ngern/core/objects"
)

// MinIOConfig names an S3-compatible bucket.
type MinIOConfig struct {
	Endpoint  string // host:port
	AccessKey string
	SecretKey string
	Bucket    string
	UseSSL    bool
}

// MinIO stores objects in a bucket of MinIO or any S3-compatible service.
type MinIO struct {
	client *minio.Client
	bucket string
}

var _ objects.Store = (*MinIO)(nil)

// NewMinIO connects and creates the bucket if it does not exist.
func NewMinIO(ctx context.Context, cfg MinIOConfig) (*MinIO, error) {
	c, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.UseSSL,
	})
	if err != nil {
		return nil, err
	}
	exists, err := c.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("object store %s: %w", cfg.Endpoint, err)
	}
	if !exists {
		if err := c.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{}); err != nil {
			return nil, fmt.Errorf("create bucket %s: %w", cfg.Bucket, err)
		}
	}
	return &MinIO{client: c, bucket: cfg.Bucket}, nil
}

// Put uploads the object.
func (m *MinIO) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	_, err := m.client.PutObject(ctx, m.bucket, key, r, size, minio.PutObjectOptions{ContentType: contentType})
	return err
}

// Get opens the object.
func (m *MinIO) Get(ctx context.Context, key string) (io.ReadCloser, objects.Info, error) {
	if err := checkKey(key); err != nil {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	st, err := m.client.StatObject(ctx, m.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, objects.Info{}, errs.New(errs.NotFoundCode)
		}
		return nil, objects.Info{}, err
	}
	obj, err := m.client.GetObject(ctx, m.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, objects.Info{}, err
	}
	return obj, objects.Info{Key: key, Size: st.Size, ContentType: st.ContentType, ModTime: st.LastModified}, nil
}

// Delete removes the object.
func (m *MinIO) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	return m.client.RemoveObject(ctx, m.bucket, key, minio.RemoveObjectOptions{})
}

// DeleteAll removes the objects under the folder prefix names.
func (m *MinIO) DeleteAll(ctx context.Context, prefix string) error {
	dir, ok := strings.CutSuffix(prefix, "/")
	if !ok {
		return fmt.Errorf("object prefix %q is not a folder", prefix)
	}
	if err := checkKey(dir); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var listErr error
	keys := make(chan minio.ObjectInfo)
	go func() {
		defer close(keys) // after listErr is set: read once the removals end
		for o := range m.client.ListObjects(ctx, m.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
			if o.Err != nil {
				listErr = o.Err
				return
			}
			select {
			case keys <- o:
			case <-ctx.Done():
				return
			}
		}
	}()
	var err error
	for r := range m.client.RemoveObjectsWithResult(ctx, m.bucket, keys, minio.RemoveObjectsOptions{}) {
		if r.Err != nil && err == nil {
			err = r.Err
			cancel() // stop listing; the results still drain
		}
	}
	if err == nil {
		err = listErr
	}
	return err
}

// Ping checks that the bucket answers.
func (m *MinIO) Ping(ctx context.Context) error {
	_, err := m.client.BucketExists(ctx, m.bucket)
	return err
}
