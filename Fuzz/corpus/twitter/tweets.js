window.YTD.tweets.part0 = [
  {
    "tweet" : {
      "edit_info" : {
        "initial" : {
          "editTweetIds" : [
            "1807383581292009836"
          ],
          "editableUntil" : "2024-06-30T12:30:00.000Z",
          "editsRemaining" : "5",
          "isEditEligible" : true
        }
      },
      "retweeted" : false,
      "source" : "<a href=\"https://about.twitter.com/products/tweetdeck\" rel=\"nofollow\">TweetDeck</a>",
      "entities" : {
        "hashtags" : [
          {
            "text" : "linux",
            "indices" : [
              "7",
              "13"
            ]
          },
          {
            "text" : "Москва",
            "indices" : [
              "46",
              "53"
            ]
          },
          {
            "text" : "swift",
            "indices" : [
              "67",
              "73"
            ]
          },
          {
            "text" : "фото",
            "indices" : [
              "74",
              "79"
            ]
          }
        ],
        "symbols" : [ ],
        "user_mentions" : [
          {
            "name" : "Ada_Park",
            "screen_name" : "ada_park",
            "indices" : [
              "26",
              "35"
            ],
            "id_str" : "960191865",
            "id" : "0"
          }
        ],
        "urls" : [ ]
      },
      "display_text_range" : [
        "0",
        "79"
      ],
      "favorite_count" : "113",
      "id_str" : "1807383581292009836",
      "truncated" : false,
      "retweet_count" : "48",
      "id" : "1807383581292009836",
      "created_at" : "Sun Jun 30 12:00:00 +0000 2024",
      "favorited" : false,
      "full_text" : "market #linux garden this @ada_park walk bike #Москва archive more #swift #фото",
      "lang" : "en"
    }
  },
  {
    "tweet" : {
      "edit_info" : {
        "initial" : {
          "editTweetIds" : [
            "1807368284668697423"
          ],
          "editableUntil" : "2024-06-30T11:29:13.000Z",
          "editsRemaining" : "5",
          "isEditEligible" : true
        }
      },
      "retweeted" : false,
      "source" : "<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Twitter Web App</a>",
      "entities" : {
        "hashtags" : [ ],
        "symbols" : [ ],
        "user_mentions" : [ ],
        "urls" : [ ]
      },
      "display_text_range" : [
        "0",
        "48"
      ],
      "favorite_count" : "155",
      "id_str" : "1807368284668697423",
      "truncated" : false,
      "retweet_count" : "18",
      "id" : "1807368284668697423",
      "created_at" : "Sun Jun 30 10:59:13 +0000 2024",
      "favorited" : false,
      "full_text" : "new that have photo swift is &gt; 🇧🇹 winter walk",
      "lang" : "en"
    }
  },
  {
    "tweet" : {
      "edit_info" : {
        "initial" : {
          "editTweetIds" : [
            "1807347845825449223"
          ],
          "editableUntil" : "2024-06-30T10:08:00.000Z",
          "editsRemaining" : "5",
          "isEditEligible" : true
        }
      },
      "retweeted" : false,
      "source" : "<a href=\"https://about.twitter.com/products/tweetdeck\" rel=\"nofollow\">TweetDeck</a>",
      "entities" : {
        "hashtags" : [ ],
        "symbols" : [ ],
        "user_mentions" : [ ],
        "urls" : [ ]
      },
      "display_text_range" : [
        "0",
        "54"
      ],
      "favorite_count" : "15",
      "id_str" : "1807347845825449223",
      "truncated" : false,
      "retweet_count" : "30",
      "id" : "1807347845825449223",
      "created_at" : "Sun Jun 30 09:38:00 +0000 2024",
      "favorited" : false,
      "full_text" : "book of bread photo morning summer bread city is music",
      "lang" : "en"
    }
  },
  {
    "tweet" : {
      "edit_info" : {
        "initial" : {
          "editTweetIds" : [
            "1807346100992196338"
          ],
          "editableUntil" : "2024-06-30T10:01:04.000Z",
          "editsRemaining" : "5",
          "isEditEligible" : true
        }
      },
      "retweeted" : false,
      "source" : "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
      "entities" : {
        "hashtags" : [ ],
        "symbols" : [ ],
        "user_mentions" : [ ],
        "urls" : [ ]
      },
      "display_text_range" : [
        "0",
        "60"
      ],
      "favorite_count" : "486",
      "id_str" : "1807346100992196338",
      "truncated" : false,
      "retweet_count" : "3",
      "id" : "1807346100992196338",
      "created_at" : "Sun Jun 30 09:31:04 +0000 2024",
      "favorited" : false,
      "full_text" : "build with the code swift book linux be design the bread for",
      "lang" : "en"
    }
  }
]