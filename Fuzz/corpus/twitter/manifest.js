window.__THAR_CONFIG = {
  "userInfo" : {
    "accountId" : "2444552670",
    "userName" : "plumage_owner",
    "displayName" : "Plumage Owner"
  },
  "archiveInfo" : {
    "sizeBytes" : "0",
    "generationDate" : "2024-07-01T00:00:00.000Z",
    "isPartialArchive" : false,
    "maxPartSizeBytes" : "53687091200"
  },
  "readmeInfo" : {
    "fileName" : "data/README.txt",
    "directory" : "data/",
    "name" : "README.txt"
  },
  "dataTypes" : {
    "account" : {
      "files" : [
        {
          "fileName" : "data/account.js",
          "globalName" : "YTD.account.part0",
          "count" : "1"
        }
      ]
    },
    "like" : {
      "files" : [
        {
          "fileName" : "data/like.js",
          "globalName" : "YTD.like.part0",
          "count" : "0"
        }
      ]
    },
    "profile" : {
      "mediaDirectory" : "data/profile_media",
      "files" : [
        {
          "fileName" : "data/profile.js",
          "globalName" : "YTD.profile.part0",
          "count" : "1"
        }
      ]
    },
    "tweets" : {
      "mediaDirectory" : "data/tweets_media",
      "files" : [
        {
          "fileName" : "data/tweets.js",
          "globalName" : "YTD.tweets.part0",
          "count" : "4"
        }
      ]
    },
    "tweetsMedia" : {
      "mediaDirectory" : "data/tweets_media"
    }
  }
}